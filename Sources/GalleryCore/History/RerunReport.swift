import JSON

/// What `gallery-rpc rerun` found: the recording's events compared, the restarts it
/// reproduced, and the first place this build decided otherwise (nil: the same decisions).
public struct RerunReport: Codable, Equatable, Sendable {
  /// One event line: its type and data, as JSON.
  public struct Line: Codable, Equatable, Sendable {
    public var type: String
    public var data: JSONValue
  }

  /// The last input the rerun made before a divergence: where to look.
  public struct Input: Codable, Equatable, Sendable {
    public var seq: UInt64
    public var type: String
    /// The method that makes it (`auth/setEmail`).
    public var method: String

    public init(seq: UInt64, type: String, method: String) {
      self.seq = seq
      self.type = type
      self.method = method
    }
  }

  /// Where this build parts from the recording.
  public struct Divergence: Codable, Equatable, Sendable {
    /// The recorded event's seq.
    public var seq: UInt64
    /// The recorded event there.
    public var recorded: Line?
    /// What this build recorded in its place (nil: nothing).
    public var made: Line?
    /// Why they differ, in words.
    public var reason: String
    /// The input that led to it (nil: none yet, the recording's start).
    public var input: Input?
  }

  /// Recorded events compared (the log's own lines, its base, are not counted).
  public var events: Int
  /// Seqs where the recording's process restarted and this build's start-up made the same events.
  public var restarts: [UInt64]
  /// The first divergence; nil when every decision was the same.
  public var divergence: Divergence?

  /// The report for people: "N events, same decisions", or the divergence.
  public var text: String {
    let restarted =
      restarts.isEmpty
      ? "" : " (restarted at seq \(restarts.map(String.init).joined(separator: ", ")), as the recording did)"
    guard let d = divergence else {
      return "\(events) event\(events == 1 ? "" : "s"), same decisions\(restarted)"
    }
    var lines = ["diverged at seq \(d.seq): \(d.reason)"]
    lines.append("  recorded:   " + (d.recorded.map(Self.describe) ?? "nothing"))
    lines.append("  this build: " + (d.made.map(Self.describe) ?? "nothing"))
    if let input = d.input {
      lines.append("  after the input at seq \(input.seq): \(input.type) (\(input.method))")
    } else {
      lines.append("  before any input")
    }
    lines.append("\(events) event\(events == 1 ? "" : "s") the same before it\(restarted)")
    return lines.joined(separator: "\n")
  }

  private static func describe(_ line: Line) -> String {
    let data = String(decoding: JSONWriter.bytes(line.data), as: UTF8.self)
    return line.type + " " + (data.count > 400 ? data.prefix(400) + "…" : data)
  }
}
