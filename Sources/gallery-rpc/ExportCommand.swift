import EventStore
import Foundation
import GalleryCore
import RPCServer

/// `gallery-rpc export LOG [--from SEQ | --since DURATION] [--to SEQ] --out FILE`: a bug-report
/// bundle of part of a log (see `LogBundle`). Reads the log only (no lock), so a live log
/// can be exported.
enum ExportCommand {
  static let usage = "export LOG [--from SEQ | --since DURATION] [--to SEQ] --out FILE"

  static func run(_ arguments: [String]) -> Int32 {
    var path: String?
    var out: String?
    var range = LogBundle.Range()
    var args = arguments[...]
    func fail(_ text: String) -> Int32 {
      printError("gallery-rpc export: \(text); usage: \(usage)")
      return 2
    }
    while let arg = args.popFirst() {
      switch arg {
      case "--from", "--to":
        guard let v = args.popFirst(), let n = UInt64(v), n >= 1 else {
          return fail("\(arg) needs a seq (1 or more)")
        }
        if arg == "--from" { range.from = n } else { range.to = n }
      case "--since":
        guard let v = args.popFirst(), let millis = duration(v) else {
          return fail("--since needs a duration like 90s, 30m, 2h or 1d")
        }
        range.sinceMillis = millis
      case "--out":
        guard let v = args.popFirst(), !v.isEmpty else { return fail("--out needs a file") }
        out = v
      default:
        guard path == nil, !arg.hasPrefix("--") else { return fail("unexpected \(String(reflecting: arg))") }
        path = arg
      }
    }
    guard let path else { return fail("which LOG?") }
    guard let out else { return fail("where to? (--out FILE)") }
    guard range.from == nil || range.sinceMillis == nil else {
      return fail("--from and --since exclude each other")
    }
    do {
      let summary = try LogBundle.export(
        log: path, range: range, out: out, build: GalleryRPCVersion.text,
        protocolVersion: OpenRPCDocument.protocolVersion, now: EventLogOptions.systemClock())
      print(
        "\(out): seq \(summary.from) to \(summary.to), \(summary.events) events and the state before them, \(summary.bytes) bytes"
      )
      return 0
    } catch {
      printError("gallery-rpc export: \(error)")
      return VerifyCommand.status(for: error)
    }
  }

  /// `90s`, `30m`, `2h`, `1d` in milliseconds (at most 10 years); nil otherwise.
  static func duration(_ text: String) -> Int64? {
    guard let unit = text.last, let n = Int64(text.dropLast()), n >= 0, n <= 3650 * 86_400 else { return nil }
    let scale: Int64
    switch unit {
    case "s": scale = 1000
    case "m": scale = 60_000
    case "h": scale = 3_600_000
    case "d": scale = 86_400_000
    default: return nil
    }
    let (millis, overflow) = n.multipliedReportingOverflow(by: scale)
    return overflow || millis > 3650 * 86_400_000 ? nil : millis
  }
}
