import GalleryCore

/// The RPC side of a feature, declared once in its folder under `Features/`: the methods it
/// serves, the JSON Schemas of its state's shapes, and the members it adds to the published
/// `State`. The method catalog, the component schemas and the OpenRPC document are derived
/// from `FeatureContracts.all`, so adding a feature edits that list and nothing else here.
protocol FeatureContract: Sendable {
  /// Its methods, in the order the OpenRPC document lists them.
  static var methods: [MethodSpec] { get }
  /// The schemas of the shapes its state part is made of, by component name.
  static var schemas: [String: JSONValue] { get }
  /// Its members of the published `State`, each with its schema.
  static var stateMembers: [String: JSONValue] { get }
  /// The message codes each of its action methods' -32010 can carry, by method name
  /// (published as `x-rejection-codes`; `RejectionDeclarationTests` holds them to the code).
  static var refusals: [String: [String]] { get }
}

extension FeatureContract {
  static var schemas: [String: JSONValue] { [:] }
  static var stateMembers: [String: JSONValue] { [:] }
  static var refusals: [String: [String]] { [:] }
}
