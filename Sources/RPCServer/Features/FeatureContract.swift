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

/// A contract whose examples need the session to hold something first (signed in, the feed's
/// pages, the albums loaded): the calls that make it, run by `MethodExampleTour.prepare` in
/// the contracts' order before any example.
protocol PreparesExamples: FeatureContract {
  /// The calls that bring a fresh session to where this feature's examples start, at `size`.
  static func exampleSetup(_ size: MethodExampleTour.Size) -> [MethodExample.Call]
}

extension FeatureContract {
  /// The feature's name, from the contract's (`NameContract`): the OpenRPC tag of its methods,
  /// which the generated Swift client uses to keep each feature's requests in its own folder.
  static var feature: String {
    // `_typeName` reads the name off the metadata; `String(describing:)` would first scan
    // every conformance record for the ways a type may describe itself (about 0.3 M
    // instructions a call at start-up).
    let name = _typeName(self, qualified: false)
    precondition(name.hasSuffix("Contract") && name.count > 8, "\(name): a contract is named NameContract")
    return String(name.dropLast(8))
  }

  /// Its methods, each tagged with the feature's name.
  static var taggedMethods: [MethodSpec] {
    let feature = feature
    return methods.map { spec in
      var spec = spec
      spec.tags.append(feature)
      return spec
    }
  }
}
