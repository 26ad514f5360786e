/// Whether the device can reach the providers (`/connectivity`): told by the frontend
/// (`connectivity/set`) and learned from requests (an offline failure, a success).
public enum Connectivity: String, Codable, Sendable {
  case online, offline
}
