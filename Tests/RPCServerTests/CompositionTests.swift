import XCTest

@testable import GalleryCore
@testable import RPCServer

/// What the composition must hold for every feature, a later one included, read from the
/// module and contract lists rather than kept beside them.
final class CompositionTests: XCTestCase {
  /// A feature a frontend can send actions to (it has a contract of methods) declares the
  /// sample the random sessions draw from: otherwise `ReplayPropertyTests` and
  /// `SchemaConformanceTests` never exercise it, and nothing fails.
  func testEveryFeatureWithMethodsDeclaresItsSample() {
    let modules = Dictionary(
      uniqueKeysWithValues: GalleryModules.all.map {
        (String(describing: $0).replacingOccurrences(of: "Feature", with: ""), $0)
      })
    for contract in FeatureContracts.all {
      let module = modules[contract.feature]
      XCTAssertNotNil(module, "\(contract.feature) has a contract but no module in GalleryModules.all")
      guard let module, module.actions != nil else { continue }
      XCTAssertNotNil(
        module.actionSample, "\(contract.feature) has methods but no ActionSample for the random sessions")
    }
  }
}
