import EventStore
import JSON

/// The persisted state's format: what `log.base` (its `v`), snapshots (their header's
/// `stateFormat`) and a bundle's base carry, so any later build knows how to read them.
///
/// Adding a member needs no new version: it declares its default beside it (the types'
/// `PersistedDefaults`) and a state written before it existed takes that default. Renaming or
/// reshaping a member does: raise `current` and append to `upgrades` the step that rewrites
/// a state of the version before into the new shape. Steps chain, oldest first.
public enum StateFormat {
  /// The version this build writes and the newest it reads.
  /// 1: every state written until 2026-11-25 (members added since 2026-11 take their declared
  /// defaults). 2: `/albums/all` is an object keyed by album id (it was an array).
  public static let current = 2

  /// `upgrades[n - 1]` rewrites a state of version `n` into version `n + 1`.
  static let upgrades: [@Sendable (JSONValue) throws -> JSONValue] = [
    AlbumCards.upgradeToKeyed  // 1 → 2
  ]

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
    for step in upgrades[(version - 1)...] { value = try step(value) }
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
