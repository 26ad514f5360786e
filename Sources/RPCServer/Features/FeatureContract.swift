import GalleryCore

/// The RPC side of a feature, declared once in its folder under `Features/`: the methods it
/// serves, each with its typed parameters, what it may refuse and what its answer adds. The
/// method catalog and the OpenRPC document's methods are derived from `FeatureContracts.all`,
/// so adding a feature edits that list and nothing else here. (Its state's schema is derived
/// from its state types: `SchemaRecorder`.)
protocol FeatureContract: Sendable {
  /// Its methods, in the order the OpenRPC document lists them.
  static var methods: [MethodSpec] { get }
}
