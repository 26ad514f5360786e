/// Whether the frontend says the device is online (`/connectivity`, set by
/// `connectivity/set`). Only this declaration makes loads fail at once; what the core
/// observes of the servers is kept apart, in `/unreachable`.
public enum Connectivity: String, Codable, Sendable, CaseIterable {
  case online, offline
}
