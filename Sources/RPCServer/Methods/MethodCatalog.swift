import GalleryCore

/// Every method of the public contract (names fixed by the product), documented and routed:
/// the server's own, then each feature's contract in list order. The OpenRPC document
/// `rpc.discover` returns is generated from it.
public enum MethodCatalog {
  /// Every method, in the order the document lists them.
  public static let all: [MethodSpec] = ServerMethods.all + FeatureContracts.all.flatMap { $0.taggedMethods }

  /// The specs by name, each held once (see `MethodEntry`).
  public static let byName: [String: MethodEntry] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.name, MethodEntry($0)) })

  /// Notifications the server sends.
  public static var serverNotifications: [(name: String, summary: String, params: JSONValue)] {
    ServerMethods.notifications
  }
}

/// A method's spec held once and shared: a request looks its method up and hands the entry
/// on, so it retains one object rather than each of the spec's dozen members (a copy of the
/// value did, on every call).
public final class MethodEntry: Sendable {
  public let spec: MethodSpec
  init(_ spec: MethodSpec) { self.spec = spec }
}
