import EventStore
import JSON

/// The persisted state's format: what `log.base` (its `v`), snapshots (their header's
/// `stateFormat`) and a bundle's base carry, so any later build knows how to read them.
///
/// Adding a member needs no new version: it declares its default beside it (the types'
/// `PersistedDefaults`) and a state written before it existed takes that default. Renaming or
/// reshaping a member does: the feature that owns the member declares a `StateUpgrade` to the
/// next version in its `stateUpgrades`, which rewrites a state of the version before into the
/// new shape. Steps chain, oldest first. Version 1 is every state written until 2026-11-25.
public enum StateFormat {
  /// Every feature's steps, by the version they produce (in module order within a version).
  static let steps: [StateUpgrade] = {
    let steps = GalleryModules.keepingFiles.flatMap { $0.stateUpgrades }.enumerated()
      .sorted { ($0.element.to, $0.offset) < ($1.element.to, $1.offset) }.map(\.element)
    for version in 2..<((steps.last?.to ?? 1) + 1) {
      precondition(
        steps.contains { $0.to == version }, "no feature declares the upgrade to state format \(version)")
    }
    return steps
  }()

  /// The version this build writes and the newest it reads: the newest any step produces.
  public static let current = steps.last?.to ?? 1

  /// Decodes a persisted state of `version`, upgrading it first when it is older.
  public static func decode(_ bytes: [UInt8], version: Int) throws -> AppState {
    try check(version)
    if version == current { return try JSONTapeDecoder().decode(AppState.self, from: bytes) }
    let upgraded = try upgrade(JSONParser.parse(bytes), from: version)
    return try JSONTapeDecoder().decode(AppState.self, from: JSONWriter.bytes(upgraded))
  }

  /// Runs the upgrade steps from `version` to `current` over a state's JSON.
  static func upgrade(_ state: JSONValue, from version: Int) throws -> JSONValue {
    try check(version)
    var value = state
    for step in steps where step.to > version { value = try step.rewrite(value) }
    return value
  }

  /// Refuses a version this build cannot read, by name.
  static func check(_ version: Int) throws(StateFormatError) {
    guard version >= 1 else { throw .unknown(version) }
    guard version <= current else { throw .newer(found: version, reads: current) }
  }

  /// The snapshot of `state` at the log's line `seq`, in this build's format.
  static func snapshot(_ state: AppState, seq: UInt64, lineChecksum: UInt32, timeMillis: Int64) throws
    -> Snapshot
  {
    Snapshot(
      seq: seq, lineChecksum: lineChecksum, timeMillis: timeMillis,
      state: Array(try JSONCoding.encode(state)), stateFormat: current)
  }
}

/// A persisted state this build cannot read because of its format version.
public enum StateFormatError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Written by a newer build: its format is past what this build reads.
  case newer(found: Int, reads: Int)
  /// A version no build writes (0 or negative).
  case unknown(Int)

  public var description: String {
    switch self {
    case .newer(let found, let reads):
      return "written by a newer build: state format \(found), this build reads up to \(reads)"
    case .unknown(let v): return "state format \(v) is not one any build writes"
    }
  }
}
