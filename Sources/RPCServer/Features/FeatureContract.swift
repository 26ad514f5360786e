import GalleryCore

/// The RPC side of a feature, declared once in its folder under `Features/`: the methods it
/// serves and what each may refuse. The method catalog and the OpenRPC document's methods are
/// derived from `FeatureContracts.all`, so adding a feature edits that list and nothing else
/// here. (Its state's schema is derived from its state types: `SchemaRecorder`.)
protocol FeatureContract: Sendable {
  /// Its methods, in the order the OpenRPC document lists them.
  static var methods: [MethodSpec] { get }
  /// The message codes each of its action methods' -32010 can carry, by method name
  /// (published as `x-rejection-codes`; `RejectionDeclarationTests` holds them to the code).
  static var refusals: [String: [String]] { get }
}

extension FeatureContract {
  static var refusals: [String: [String]] { [:] }
}
