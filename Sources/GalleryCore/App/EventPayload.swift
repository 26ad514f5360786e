import Foundation

/// A fact the log records. Each conforming type is one event type with its own schema
/// version; its stored fields are what `data` holds in the log line.
public protocol EventPayload: Codable, Equatable, Sendable {
  /// The `type` written in the log, e.g. `auth.fieldEdited`.
  static var type: String { get }
  /// The schema version this build writes.
  static var version: Int { get }
  /// Its row in protocol/events.md (rendered from the registry).
  static var documented: EventDoc { get }
  /// What it is to a rerun: what the user did, what the world answered, or what the core
  /// decided (`EventRole`; no default, so a new type cannot leave it out).
  static var role: EventRole<Self> { get }
  /// How to read and stamp the failure it carries: nil, but for a `CarriesFailure` type, whose
  /// own extension answers (so start-up finds the carriers without asking the runtime about
  /// every type, which cost 21 M instructions a process).
  static var failureAccess: FailureCarriers.Access? { get }
  /// Rewrites the data of an older schema version into the current shape; the default
  /// knows no older versions.
  static func upgrade(_ data: [UInt8], from version: Int) throws -> [UInt8]
  /// What to say of a line whose `v` is past `version`: it was written by a newer build.
  static func newerVersion(_ found: Int) -> String
  /// Appends the payload's data to `out` and returns true when the type writes its own
  /// (`JSONWritable`, the encoder's bytes exactly); false, writing nothing, for the encoder to
  /// do it. A requirement, so the log asks the type itself, with no cast per event.
  func writeData(to out: inout JSONOutput) -> Bool
}

extension EventPayload {
  public static var version: Int { 1 }

  /// Carries no failure (`CarriesFailure` answers for those that do).
  public static var failureAccess: FailureCarriers.Access? { nil }

  public static func upgrade(_ data: [UInt8], from version: Int) throws -> [UInt8] {
    throw EventDecodingError(
      type: type, reason: "no upgrade from schema version \(version) to \(Self.version)")
  }

  public static func newerVersion(_ found: Int) -> String {
    "written by a newer build: schema version \(found), this build reads up to \(version)"
  }

  /// The encoder writes the data (see the requirement).
  public func writeData(to out: inout JSONOutput) -> Bool { false }

  func isEqual(_ other: any EventPayload) -> Bool { other.isEqual(toPayload: self) }

  /// `isEqual` with the other side's type known (opened from its existential).
  private func isEqual<Other: EventPayload>(toPayload other: Other) -> Bool { sameValue(self, other) }

  static func decoded(from data: [UInt8], version: Int) throws -> any EventPayload {
    try decoded(from: data, version: version, knowing: TapeDecoding(Self.self))
  }

  /// `decoded(from:version:)` with what decoding needs to know of the type found beforehand
  /// (the registry keeps it per type).
  static func decoded(from data: [UInt8], version: Int, knowing known: TapeDecoding) throws
    -> any EventPayload
  {
    guard version <= Self.version else {
      throw EventDecodingError(type: type, reason: newerVersion(version), writtenByNewerBuild: true)
    }
    let current = version == Self.version ? data : try upgrade(data, from: version)
    do {
      return try JSONTapeDecoder().decode(Self.self, from: current, knowing: known)
    } catch {
      throw EventDecodingError(type: type, reason: "data does not match the schema: \(error)")
    }
  }
}

extension EventPayload where Self: JSONWritable {
  /// A type that writes itself writes its data.
  public func writeData(to out: inout JSONOutput) -> Bool {
    write(to: &out)
    return true
  }
}

/// An event line whose data this build cannot turn into an event.
public struct EventDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
  public var type: String
  public var reason: String
  /// The line is one a newer build wrote (a type or a version this build does not know):
  /// nothing is wrong with it, and nothing may cut or move it.
  public var writtenByNewerBuild = false
  public var description: String { "cannot read event \(type): \(reason)" }
}

/// One recorded fact, wrapping its typed payload.
public struct Event: Equatable, Sendable, CustomStringConvertible {
  public let payload: any EventPayload

  public init(_ payload: some EventPayload) { self.payload = payload }

  /// The log type name.
  public var type: String { Swift.type(of: payload).type }

  public static func == (lhs: Event, rhs: Event) -> Bool { lhs.payload.isEqual(rhs.payload) }

  public var description: String {
    let data = (try? EventCodec.encodeData(payload)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    return "\(type) \(data)"
  }
}

extension Event: Codable {
  private enum Keys: String, CodingKey { case type, v, data }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: Keys.self)
    let type = try c.decode(String.self, forKey: .type)
    let version = try c.decodeIfPresent(Int.self, forKey: .v) ?? 1
    let data = try c.decode(JSONValue.self, forKey: .data)
    self = try EventCodec.decode(type: type, version: version, data: Array(try JSONCoding.encode(data)))
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: Keys.self)
    try c.encode(type, forKey: .type)
    try c.encode(Swift.type(of: payload).version, forKey: .v)
    try c.encode(try JSONValueEncoder().encode(payload), forKey: .data)
  }
}
