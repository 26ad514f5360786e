import Foundation

/// An event as the caller hands it to the log: its type, the schema version of that type,
/// and its data, one JSON object (the log stamps seq and time).
public struct NewEvent: Sendable, Equatable {
  /// The event type, e.g. `auth.emailEdited`: letters, digits and `._-/:`, at most 128 bytes.
  public var type: String
  /// Schema version of `type`, so logs written by an older build stay replayable.
  public var version: Int
  /// One JSON object, compact (no raw line breaks), UTF-8. Setting it clears `written`.
  public var data: [UInt8] { didSet { written = false } }
  /// The data was written by `JSONWriter` from a typed value (an event's own writer or the
  /// encoder), so it is well-formed JSON by construction and the log does not scan it again
  /// (1,100 instructions of a keystroke); it still checks the rest. Data from anywhere else is
  /// scanned.
  public private(set) var written = false

  public init(type: String, version: Int = 1, data: [UInt8]) {
    self.type = type
    self.version = version
    self.data = data
  }

  /// An event whose data `JSONWriter` wrote from a typed value (see `written`).
  public init(type: String, version: Int, writtenData: [UInt8]) {
    self.init(type: type, version: version, data: writtenData)
    written = true
  }

  /// The same event: type, version and data (how the data was made is not part of it).
  public static func == (a: NewEvent, b: NewEvent) -> Bool {
    a.type == b.type && a.version == b.version && a.data == b.data
  }

  /// Convenience for data given as `Data`.
  public init(type: String, version: Int = 1, data: Data) {
    self.init(type: type, version: version, data: [UInt8](data))
  }
}

/// One event as recorded in the log.
public struct EventRecord: Sendable, Equatable {
  /// Position in the log, 1-based and gapless.
  public var seq: UInt64
  /// When the event was appended, milliseconds since the Unix epoch (UTC).
  public var timeMillis: Int64
  /// The event type.
  public var type: String
  /// Schema version of the type.
  public var version: Int
  /// How many more lines of the same atomic batch follow this one (0 on a batch's last line).
  public var batchRemaining: Int
  /// The event's data: the raw bytes of one JSON object.
  public var data: [UInt8]

  public init(
    seq: UInt64, timeMillis: Int64, type: String, version: Int, batchRemaining: Int = 0, data: [UInt8]
  ) {
    self.seq = seq
    self.timeMillis = timeMillis
    self.type = type
    self.version = version
    self.batchRemaining = batchRemaining
    self.data = data
  }

  /// The append time as a `Date`.
  public var time: Date { Date(timeIntervalSince1970: Double(timeMillis) / 1000) }

  /// The append time in the log's text form, e.g. `2026-11-22T04:15:57.123Z`.
  public var timeText: String { ISOTime.format(millis: timeMillis) }
}
