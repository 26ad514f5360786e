import Foundation
import XCTest

@testable import GalleryCore
@testable import RPCServer

/// What the composition must hold for every feature, a later one included, read from the
/// module and contract lists rather than kept beside them.
final class CompositionTests: XCTestCase {
  /// Log names older than the feature that owns them now, kept because logs already hold
  /// them: Images' events were the feed's, Navigation's are `nav.`, and the device's
  /// connectivity is recorded by the feed that reports it.
  static let historicEventPrefixes: [String: Set<String>] = [
    "images": ["feed"], "navigation": ["nav"], "feed": ["connectivity"],
  ]
  /// Folders named otherwise than their feature: the log's code is the history's.
  static let historicFolders: [String: String] = ["log": "History"]

  /// `video` as a type or folder spells it: `Video`.
  private func capitalised(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }

  /// A feature a frontend can send actions to (it has a contract of methods) takes actions,
  /// and so declares the sample the random sessions draw from (`TakesActions` requires it):
  /// otherwise `ReplayPropertyTests` and `SchemaConformanceTests` never exercise it.
  func testEveryFeatureWithMethodsTakesActionsAndSoHasASample() {
    let taking = Set(GalleryModules.takingActions.map { $0.name })
    let names = Set(GalleryModules.all.map { $0.name })
    for contract in FeatureContracts.all {
      let name = contract.feature.prefix(1).lowercased() + contract.feature.dropFirst()
      XCTAssertTrue(names.contains(name), "\(contract.feature) has a contract but no module named \(name)")
      XCTAssertTrue(taking.contains(name), "\(contract.feature) has methods but its module takes no actions")
    }
    XCTAssertEqual(ActionSample.all.count, GalleryModules.takingActions.count)
  }

  /// Each capability the registry gathers without a cast (`FeatureModule.asShowsImages`, …) is
  /// exactly the conformance the runtime sees: the capability's own answer is the one chosen.
  func testEveryModuleAnswersForExactlyTheCapabilitiesItConformsTo() {
    for module in GalleryModules.all {
      let pairs: [(String, Bool, Bool)] = [
        ("TakesActions", module.asTakesActions != nil, module is any TakesActions.Type),
        ("RunsEffects", module.asRunsEffects != nil, module is any RunsEffects.Type),
        ("ShowsImages", module.asShowsImages != nil, module is any ShowsImages.Type),
        ("HasScreens", module.asHasScreens != nil, module is any HasScreens.Type),
        ("HasProviders", module.asHasProviders != nil, module is any HasProviders.Type),
        ("KeepsFiles", module.asKeepsFiles != nil, module is any KeepsFiles.Type),
        ("Resumes", module.asResumes != nil, module is any Resumes.Type),
        ("Demonstrates", module.asDemonstrates != nil, module is any Demonstrates.Type),
        ("KeepsDerivedState", module.asKeepsDerivedState != nil, module is any KeepsDerivedState.Type),
      ]
      for (capability, answered, conforms) in pairs {
        XCTAssertEqual(answered, conforms, "\(module) as \(capability)")
      }
    }
    XCTAssertEqual(
      GalleryModules.takingActions.map { $0.name },
      GalleryModules.all.map { $0.name }.filter { $0 != LogFeature.name },
      "every module but the log's takes actions")
  }

  /// A feature's name is written once (`FeatureModule.name`); every other spelling is checked
  /// here against it: its module type, its folder, its event types' prefix, its contract's
  /// OpenRPC tag (and its actions' and effects' key is derived from it).
  func testEverySpellingOfAFeaturesNameAgreesWithItsModule() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/GalleryCore")
    var seen = Set<String>()
    for module in GalleryModules.all {
      let name = module.name
      XCTAssertTrue(seen.insert(name).inserted, "two features are named \(name)")
      XCTAssertEqual(_typeName(module, qualified: false), capitalised(name) + "Feature")
      let folder = Self.historicFolders[name] ?? capitalised(name)
      let file = sources.appendingPathComponent("\(folder)/\(capitalised(name))Feature.swift")
      let text = try String(contentsOf: file, encoding: .utf8)
      XCTAssertTrue(text.contains("enum \(capitalised(name))Feature: "), "\(file.path) declares the module")
      XCTAssertTrue(text.contains("static let name = \"\(name)\""), "\(file.path) writes the name once")
      let prefixes = Self.historicEventPrefixes[name, default: []].union([name])
      for event in module.events {
        let prefix = String(event.type.prefix { $0 != "." })
        XCTAssertTrue(prefixes.contains(prefix), "\(event.type) is not named after \(name)")
      }
    }
    for contract in FeatureContracts.all {
      for spec in contract.taggedMethods {
        XCTAssertEqual(spec.tags.last, contract.feature)
      }
    }
  }
}
