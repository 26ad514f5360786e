import GalleryCore

/// Every method of the public contract (names fixed by the product), documented and routed:
/// the server's own, then each feature's contract in list order. The OpenRPC document
/// `rpc.discover` returns is generated from it.
public enum MethodCatalog {
  /// Every method, in the order the document lists them.
  public static let all: [MethodSpec] = ServerMethods.all + FeatureContracts.all.flatMap { $0.taggedMethods }

  /// The specs by name.
  public static let byName: [String: MethodSpec] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

  /// Notifications the server sends.
  public static var serverNotifications: [(name: String, summary: String, params: JSONValue)] {
    ServerMethods.notifications
  }
}
