import Foundation
import GalleryClient
import XCTest

@testable import GalleryCore

/// Issue 30 item 6, as a ratchet: the files outside a feature's folders that name it (a type
/// `VideoX`, or the case `.video`) are exactly the ones listed here, each with why. A
/// feature's folders are every folder named after it, in any target (`GalleryCore/Video/`,
/// `RPCServer/Features/Video/`, `GalleryTesting/Account/` for its test support). A new file
/// that names a feature fails; so does a listed file that no longer does (shorten the list).
/// ARCHITECTURE.md states only what this test holds.
final class FeatureBoundaryTests: XCTestCase {
  /// Files that compose every feature: one hand-written line each.
  static let composition: [String: String] = [
    "Sources/GalleryCore/App/GalleryModules.swift": "the module list",
    "Sources/GalleryCore/App/AppState.swift": "the state's member",
    "Sources/RPCServer/Features/FeatureContracts.swift": "the contract list: the RPC side's line per feature",
  ]

  /// Generated files that name a feature because what they are generated from does: never
  /// edited by hand, so adding a feature edits none of them.
  static let derived: [String: String] = [
    "Sources/GalleryClient/Settings/SettingsRequests.swift":
      "generated from openrpc.json: settings/update takes a provider parameter per feature's ProviderChoice",
    "Sources/RPCServer/Protocol/OpenRPCDocument+Kept.swift":
      "generated from openrpc.json: the build's copy of the whole document, every feature's methods and schemas",
  ]

  /// The app's spine, which every feature builds on and so is named everywhere (the log,
  /// settings, sign-in, navigation, the feed and its images, requests' shared waits). Every
  /// other module of `GalleryModules.all`, one added later included, is watched.
  static let spine: Set<String> = ["Log", "Settings", "Auth", "Navigation", "Feed", "Images", "Requests"]

  /// The watched features, by name (`VideoFeature` is `Video`), from the module list itself.
  static var watched: [String] {
    GalleryModules.all.map { String(describing: $0).replacingOccurrences(of: "Feature", with: "") }
      .filter { !spine.contains($0) }
  }

  /// Files that name a feature and should not, with why (none now).
  static let leaks: [String: [String: String]] = [:]

  func testOnlyTheListedFilesNameAFeatureOutsideItsFolder() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let files = try XCTUnwrap(
      FileManager.default.enumerator(atPath: root.appendingPathComponent("Sources").path)
    )
    .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { "Sources/" + $0 }
    var composing: Set<String> = []
    // Derived: a feature added later is watched with no edit here.
    XCTAssertTrue(Set(["Albums", "Account", "Video", "Favorites"]).isSubset(of: Self.watched))
    for feature in Self.watched {
      let leaks = Self.leaks[feature] ?? [:]
      let lower = feature.lowercased()
      // Simple word boundaries, as grep's: `.account.upload` names Account.
      let names = try Regex("\\b\(feature)[A-Z][A-Za-z]*|\\.\(lower)\\b").wordBoundaryKind(.simple)
      var naming: Set<String> = []
      for file in files where !file.contains("/\(feature)/") {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        if text.contains(names) { naming.insert(file) }
      }
      composing.formUnion(naming.intersection(Self.composition.keys))
      composing.formUnion(naming.intersection(Self.derived.keys))
      let allowed = Set(Self.composition.keys).union(Self.derived.keys).union(leaks.keys)
      for file in naming.subtracting(allowed).sorted() {
        XCTFail(
          "\(file) names \(feature) outside its folder: move it into \(feature)/, or list it here with why")
      }
      for file in Set(leaks.keys).subtracting(naming).sorted() {
        XCTFail("\(file) no longer names \(feature): take it off the list")
      }
    }
    for file in Set(Self.composition.keys).union(Self.derived.keys).subtracting(composing).sorted() {
      XCTFail("\(file) names no feature any more: take it off its list")
    }
  }

  /// A feature is its folders plus one line in each hand-written composition file: its module
  /// in `GalleryModules.all`, its member of `AppState`, its contract in `FeatureContracts.all`.
  /// Its actions, effects, state parts, upgrades, screens and methods are declared in its
  /// folders and gathered from those lists, so no other line there names it.
  func testAFeatureTakesOneLineInEachCompositionFile() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    for file in Self.composition.keys.sorted() {
      let lines = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        .split(separator: "\n").map(String.init)
      for feature in Self.watched.sorted() {
        let names = try Regex("\\b\(feature)[A-Z][A-Za-z]*|\\.\(feature.lowercased())\\b").wordBoundaryKind(
          .simple)
        let naming = lines.filter { $0.contains(names) }
        XCTAssertEqual(naming.count, 1, "\(file) names \(feature) on \(naming.count) lines: \(naming)")
      }
    }
  }

  /// Navigation alone writes `/route`: a feature asks for a move (`push`, `close`, `show`…,
  /// `Navigation/RouteMoves.swift`) from its fold; no file outside `Navigation/` assigns or
  /// edits `route` itself.
  func testOnlyNavigationWritesTheRoute() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/GalleryCore")
    let files = try XCTUnwrap(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Navigation/") }
    // `x.route = …`, `route.append(…)` at a statement's start, `{ route.removeLast() }`.
    let write = try Regex(
      #"(\.|^\s*|[{;(]\s*)route\s*(=[^=]|\+=|\.(append|remove|insert|replace|swapAt|sort|reverse))"#
    ).anchorsMatchLineEndings()
    var writers: [String] = []
    for file in files {
      let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
      if text.contains(write) { writers.append(file) }
    }
    XCTAssertEqual(writers, [], "these write /route; ask Navigation for the move (RouteMoves.swift)")
    XCTAssertGreaterThan(files.count, 50, "the sources were found")
  }
}
