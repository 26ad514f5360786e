import EventStore
import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import RPCServer
import XCTest

/// The executable's commands and flags, run as a user runs them.
final class CommandLineTests: XCTestCase {
  func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (
    status: Int32, out: String, err: String
  ) {
    try runGalleryRPC(arguments, environment: environment)
  }
}

/// Runs the built `gallery-rpc` with `arguments` and an empty standard input to its end.
func runGalleryRPC(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws
  -> (
    status: Int32, out: String, err: String
  )
{
  let process = Process()
  process.executableURL = RPCProcess.binary
  process.arguments = arguments
  var env = ProcessInfo.processInfo.environment
  for (k, v) in environment { env[k] = v }
  process.environment = env
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  let stdin = Pipe()
  process.standardInput = input == nil ? FileHandle.nullDevice : stdin
  try process.run()
  if let input {
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
  }
  let o = out.fileHandleForReading.readDataToEndOfFile()
  let e = err.fileHandleForReading.readDataToEndOfFile()
  let status = process.exitStatus(within: 120) ?? -1
  return (status, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
}

extension CommandLineTests {
  func testHelpVersionAndClearErrorsForBadFlags() throws {
    let help = try run(["--help"])
    XCTAssertEqual(help.status, 0)
    XCTAssertTrue(help.out.contains("--durability"))
    XCTAssertTrue(try run(["--version"]).out.hasPrefix("gallery-rpc "))
    let bad = try run(["serve", "--feed", "flickr"])
    XCTAssertEqual(bad.status, 2)
    XCTAssertTrue(bad.err.contains("--feed must be one of demo, pixabay, pexels (got \"flickr\")"), bad.err)
    let unknown = try run(["--colour", "blue"])
    XCTAssertTrue(unknown.err.contains("unknown option \"--colour\""), unknown.err)
    let env = try run(["serve"], environment: ["GALLERY_LOG_LEVEL": "chatty"])
    XCTAssertTrue(env.err.contains("--log-level must be error, warn, info or debug"), env.err)
    XCTAssertEqual(try run(["frobnicate"]).status, 2)
  }

  /// Issue 29, item 11: reqres without a key says it sends the public free-tier one.
  func testReqresWithoutAKeySaysWhichKeyItSends() throws {
    let bare = try ServerConfiguration.parse(["--auth", "reqres"], environment: [:])
    XCTAssertEqual(
      bare.warnings,
      [
        "--auth reqres without REQRES_API_KEY: sending reqres.in's public free-tier key (reqres-free-v1), which its free limits apply to"
      ])
    XCTAssertEqual(
      try ServerConfiguration.parse(["--auth", "reqres"], environment: ["REQRES_API_KEY": "k"]).warnings, [])
    XCTAssertEqual(try ServerConfiguration.parse([], environment: [:]).warnings, [], "the demo needs no key")
  }

  func testConfigurationFlagsWinOverEnvironment() throws {
    let env = [
      "GALLERY_DATA_DIR": "/tmp/from-env", "GALLERY_AUTH": "reqres", "XDG_DATA_HOME": "/xdg",
      "REQRES_API_KEY": "k1",
    ]
    let fromEnv = try ServerConfiguration.parse([], environment: env)
    XCTAssertEqual(fromEnv.dataDirectory, "/tmp/from-env")
    XCTAssertEqual(fromEnv.provider("auth"), "reqres")
    XCTAssertEqual(fromEnv.keys["REQRES_API_KEY"], "k1")
    let flags = try ServerConfiguration.parse(
      ["--data-dir=/tmp/flag", "--auth", "demo", "--durability", "batch:5"], environment: env)
    XCTAssertEqual(flags.dataDirectory, "/tmp/flag")
    XCTAssertEqual(flags.provider("auth"), "demo")
    XCTAssertEqual(flags.durability, .batch(milliseconds: 5))
    XCTAssertEqual(
      try ServerConfiguration.parse([], environment: ["XDG_DATA_HOME": "/xdg"]).dataDirectory,
      "/xdg/gallery-rpc")
    XCTAssertEqual(
      try ServerConfiguration.parse([], environment: ["HOME": "/home/u"]).dataDirectory,
      "/home/u/.local/share/gallery-rpc")
    XCTAssertThrowsError(try ServerConfiguration.parse(["--data-dir"], environment: [:]))
    XCTAssertThrowsError(try ServerConfiguration.parse([], environment: ["REQRES_BASE_URL": "ftp://x"]))
    // Retention: a day by default, hours or all by flag or environment, anything else named.
    XCTAssertEqual(try ServerConfiguration.parse([], environment: [:]).retention, .day)
    XCTAssertEqual(
      try ServerConfiguration.parse(["--retain-hours", "48"], environment: ["GALLERY_RETAIN_HOURS": "all"])
        .retention,
      Retention(keepMillis: 48 * 3_600_000))
    XCTAssertEqual(
      try ServerConfiguration.parse([], environment: ["GALLERY_RETAIN_HOURS": "all"]).retention,
      Retention(keepMillis: .max), "no age limit; the size bound stays")
    XCTAssertEqual(
      try ServerConfiguration.parse(["--retain-bytes", "512M"], environment: ["GALLERY_RETAIN_BYTES": "all"])
        .retention?.keepBytes, 512 << 20)
    XCTAssertNil(
      try ServerConfiguration.parse(
        [], environment: ["GALLERY_RETAIN_HOURS": "all", "GALLERY_RETAIN_BYTES": "all"]
      )
      .retention)
    for bad in ["10", "1X", "-5M", "99999999999G", ""] {
      XCTAssertThrowsError(try ServerConfiguration.parse(["--retain-bytes", bad], environment: [:]), bad) {
        error in
        XCTAssertTrue("\(error)".contains("--retain-bytes must be"), "\(error)")
      }
    }
    XCTAssertThrowsError(try ServerConfiguration.parse(["--retain-hours", "0"], environment: [:])) { error in
      XCTAssertTrue("\(error)".contains("--retain-hours must be"), "\(error)")
    }
    XCTAssertEqual(try ServerConfiguration.parse(["--seed", "42"], environment: [:]).seed, 42)
    XCTAssertNil(try ServerConfiguration.parse([], environment: [:]).seed)
    for bad in ["-1", "x", "18446744073709551616"] {
      XCTAssertThrowsError(try ServerConfiguration.parse(["--seed", bad], environment: [:]), bad) { error in
        XCTAssertTrue("\(error)".contains("--seed takes a whole number"), "\(error)")
      }
    }
  }

  func testDemoReplayAndVerifyTellTheSameStory() throws {
    let dir = TemporaryDirectory()
    let demo = try run(["demo", "--data-dir", dir.path])
    XCTAssertEqual(demo.status, 0, demo.err)
    XCTAssertTrue(demo.out.contains("auth.succeeded"))
    XCTAssertTrue(demo.out.contains("rejected: There is no screen to go back to."))
    // Every feature's scene, in scene order: sign-in, feed, favorites, albums, account, video,
    // settings.
    let marks = [
      "auth.succeeded", "feed.loadFailed", "favorites.added", "albums.albumOpened", "account.signedIn",
      "video.picked", "settings.changed",
    ].map { demo.out.range(of: $0, options: .backwards)?.lowerBound }
    XCTAssertFalse(marks.contains(nil), "\(marks)")
    XCTAssertEqual(marks.compactMap { $0 }, marks.compactMap { $0 }.sorted())
    let log = dir.path + "/events.jsonl"
    let timeline = try run(["replay", log, "--format", "timeline", "--until", "8"])
    XCTAssertEqual(timeline.status, 0)
    XCTAssertTrue(timeline.out.contains("auth.failed"))
    XCTAssertTrue(timeline.out.contains("replayed 8 events (through seq 8)"))
    XCTAssertFalse(timeline.out.contains("auth.succeeded"))
    let state = try run(["replay", log])
    XCTAssertEqual(try JSONParser.parse(state.out)["session"]?["status"], .string("signedOut"))
    XCTAssertEqual(try run(["verify", log]).status, 0)

    // A bug-report bundle of the last events: replay and verify take it as they take a log.
    let bundle = dir.path + "/report.jsonl"
    let exported = try run(["export", log, "--since", "1h", "--out", bundle])
    XCTAssertEqual(exported.status, 0, exported.err)
    XCTAssertTrue(exported.out.contains("events and the state before them"), exported.out)
    XCTAssertEqual(try run(["verify", bundle]).status, 0)
    XCTAssertEqual(try run(["replay", bundle]).out, state.out, "the bundle ends where the log does")
    let middle = try run(["export", log, "--from", "10", "--to", "20", "--out", bundle])
    XCTAssertTrue(middle.out.contains("seq 10 to 20"), middle.out)
    XCTAssertEqual(try run(["replay", bundle]).out, try run(["replay", log, "--until", "20"]).out)
    // Issue 57 item 14: a seq the bundle does not hold is refused with its range; the
    // timeline counts the events it replayed.
    XCTAssertEqual(try run(["replay", bundle, "--until", "9"]).status, 0, "the state before its first event")
    for outside in ["5", "21", "120"] {
      let refused = try run(["replay", bundle, "--until", outside, "--format", "timeline"])
      XCTAssertEqual(refused.status, 2, outside)
      XCTAssertEqual(refused.out, "", "no state no one saw")
      XCTAssertTrue(refused.err.contains("it holds seq 10 through 20"), refused.err)
    }
    let counted = try run(["replay", bundle, "--format", "timeline"])
    XCTAssertTrue(counted.out.hasSuffix("replayed 11 events (through seq 20)\n"), counted.out)
    for bad in [
      ["export", log], ["export", log, "--since", "5y", "--out", bundle], ["export", "--out", bundle],
    ] {
      let refused = try run(bad)
      XCTAssertEqual(refused.status, 2, "\(bad)")
      XCTAssertTrue(refused.err.contains("usage: export LOG"), refused.err)
    }
    XCTAssertEqual(try run(["export", log, "--from", "99999", "--out", bundle]).status, 1)

    var bytes = [UInt8](FileManager.default.contents(atPath: log)!)
    bytes[40] ^= 0x01
    _ = FileManager.default.createFile(atPath: log, contents: Data(bytes))
    let damaged = try run(["verify", log])
    XCTAssertEqual(damaged.status, 1)
    XCTAssertTrue(damaged.out.contains("line 1"))
    let replayDamaged = try run(["replay", log])
    XCTAssertEqual(replayDamaged.status, 1)
    XCTAssertTrue(replayDamaged.err.contains("line 1, seq 1 is damaged"), replayDamaged.err)
  }

  func testServeRefusesADamagedLogNamingItAndKeepsItIntact() throws {
    let dir = TemporaryDirectory()
    let log = try EventLog(path: dir.path + "/events.jsonl")
    for n in 0..<3 {
      try log.append([
        NewEvent(
          type: "auth.fieldEdited", data: Array(#"{"field":"email","form":"login","value":"\#(n)"}"#.utf8))
      ])
    }
    try log.close()
    var bytes = [UInt8](FileManager.default.contents(atPath: dir.path + "/events.jsonl")!)
    let secondLine = bytes.firstIndex(of: 0x0A)! + 20
    bytes[secondLine] ^= 0x02
    _ = FileManager.default.createFile(atPath: dir.path + "/events.jsonl", contents: Data(bytes))
    let served = try run(["serve", "--data-dir", dir.path])
    XCTAssertEqual(served.status, 1)
    XCTAssertTrue(served.err.contains("line 2, seq 2 is damaged"), served.err)
    XCTAssertEqual([UInt8](FileManager.default.contents(atPath: dir.path + "/events.jsonl")!), bytes)
  }
}
