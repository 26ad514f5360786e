import Foundation
import XCTest

/// A capability a feature opts into has no defaults, so a misspelled member is a compile
/// error ("does not conform"), never a hook that silently does nothing. Checked by compiling
/// small features against this build's GalleryCore: one spelled right, which must compile (so
/// the test can fail), and one per capability with one member misspelled, which must not.
final class CapabilityConformanceTests: XCTestCase {
  /// A feature with every capability that needs no types of its own, spelled right.
  static let feature = """
    @testable import GalleryCore
    enum TryFeature: ShowsImages, HasScreens, KeepsFiles, Resumes, Demonstrates, KeepsDerivedState {
      static let name = "try"
      static let events: [any EventPayload.Type] = []
      static let handlers: [EventHandler] = []
      static let stateParts: [StatePart] = []
      static let messages: [Language: [String: String]] = [:]
      static let imageSlots: [ImageSlot] = []
      static let longLists: [LongList] = []
      static func photoCard(forKey key: String, in state: AppState) -> PhotoCard? { nil }
      static let tab: TabDeclaration? = nil
      static let screens: [Route.Screen] = []
      static let stateUpgrades: [StateUpgrade] = []
      static let credentialSections: [any CredentialSection.Type] = []
      static func sweepFiles(_ state: AppState, dataDirectory: String) {}
      static func interruptedWork(_ state: AppState) -> [Event] { [] }
      static func startupActions(_ environment: GalleryEnvironment) -> [Action] { [] }
      static func startupEffects(_ state: AppState, now: () -> Int64) -> [Effect] { [] }
      static func demoScene(in directory: String) throws -> DemoScene? { nil }
      static let demoFiles: [DemoFileSource] = []
      static func afterFold(_ state: inout AppState) {}
    }
    """

  /// Each misspelling a contributor might make, and the capability that then fails.
  static let typos: [(right: String, wrong: String, capability: String)] = [
    ("static let handlers:", "static let handler:", "FeatureModule"),
    ("static let messages:", "static let message:", "FeatureModule"),
    ("static let imageSlots:", "static let imageSlot:", "ShowsImages"),
    ("static let longLists:", "static let longList:", "ShowsImages"),
    ("static func photoCard(forKey", "static func photoCards(forKey", "ShowsImages"),
    ("static let screens:", "static let screen:", "HasScreens"),
    ("static let stateUpgrades:", "static let stateUpgrade:", "KeepsFiles"),
    ("static func sweepFiles(", "static func sweepFile(", "KeepsFiles"),
    ("static func startupActions(", "static func startUpActions(", "Resumes"),
    ("static func interruptedWork(", "static func interruptWork(", "Resumes"),
    ("static let demoFiles:", "static let demoFile:", "Demonstrates"),
    ("static func afterFold(", "static func afterFolds(", "KeepsDerivedState"),
  ]

  /// The directory of this build's modules (beside the test bundle) and the C targets'
  /// module maps.
  private func compilerFlags() throws -> [String] {
    let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    var build = URL(fileURLWithPath: exe).deletingLastPathComponent()
    while build.path != "/",
      !FileManager.default.fileExists(atPath: build.appendingPathComponent("Modules").path)
    {
      build.deleteLastPathComponent()
    }
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
    return [
      "-I", build.appendingPathComponent("Modules").path,
      "-I", sources.appendingPathComponent("CCRC32C/include").path,
      "-I", sources.appendingPathComponent("CCurl/include").path,
    ]
  }

  /// Type-checks `source`; the compiler's exit status and what it wrote.
  private func typecheck(_ source: String, in directory: URL, flags: [String]) throws -> (Int32, String) {
    let file = directory.appendingPathComponent("TryFeature.swift")
    try Data(source.utf8).write(to: file)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc", "-typecheck", "-swift-version", "6"] + flags + [file.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  func testAMisspelledCapabilityMemberDoesNotCompile() throws {
    let flags = try compilerFlags()
    // Owned by this test, removed when it ends; it holds one small source file.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "capability-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    let (status, text) = try typecheck(Self.feature, in: directory, flags: flags)
    XCTAssertEqual(status, 0, "the feature spelled right must compile:\n\(text)")
    for typo in Self.typos {
      XCTAssertTrue(Self.feature.contains(typo.right), typo.right)
      let source = Self.feature.replacingOccurrences(of: typo.right, with: typo.wrong)
      let (status, text) = try typecheck(source, in: directory, flags: flags)
      XCTAssertNotEqual(status, 0, "\(typo.wrong) compiled")
      XCTAssertTrue(
        text.contains("type 'TryFeature' does not conform to protocol '\(typo.capability)'"),
        "\(typo.wrong): \(text)")
    }
  }
}
