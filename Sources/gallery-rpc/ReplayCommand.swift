import EventStore
import Foundation
import GalleryCore
import RPCServer

/// `gallery-rpc replay LOG [--until SEQ] [--format state|timeline]`: the fold of the log,
/// without network or effects. Reads the file only (no lock), so a live log can be replayed.
enum ReplayCommand {
  static func run(_ arguments: [String]) -> Int32 {
    guard
      let read = LogArguments.read(
        arguments, command: "replay", formats: ["state", "timeline"],
        usage: "usage: replay LOG [--until SEQ] [--format state|timeline]")
    else { return 2 }
    let (path, until, format) = (read.path, read.until, read.format)
    do {
      // A seq the log does not hold would show a state no one saw: refused with the range.
      if let until {
        guard let seqs = try LogBundle.eventSeqs(ofLogAt: path) else {
          printError("gallery-rpc replay: --until \(until): this log holds no events")
          return 2
        }
        guard (seqs.lowerBound - 1...seqs.upperBound).contains(until) else {
          printError(
            "gallery-rpc replay: --until \(until) is outside this log: it holds seq \(seqs.lowerBound) through \(seqs.upperBound) (--until \(seqs.lowerBound - 1) is the state before them)"
          )
          return 2
        }
      }
      let cursor = try LogCursor(path: path, through: until)
      var previous = AppState()
      var events = 0
      var reached: UInt64?
      // Only the timeline looks at each event (and keeps the state before it: holding a second
      // reference otherwise would make every fold copy what it changes, the feed's whole list).
      let timeline: ((EventRecord, Event, AppState) -> Bool)? =
        format == "timeline"
        ? { record, _, state in
          reached = record.seq
          if record.type != EventLine.baseType { events += 1 }
          print(Timeline.line(record, before: previous, after: state))
          previous = state
          return true
        } : nil
      let result = try Replay.fold(cursor, into: AppState(), each: timeline)
      if let torn = cursor.tornTail, torn.damaged {
        // A whole line that does not read is damage, as verify says: no state is shown as if
        // the log ended before it.
        printError("gallery-rpc replay: damage at seq \(torn.seq): \(torn.reason) (verify lists it)")
        return 1
      }
      if let torn = cursor.tornTail { printError("gallery-rpc replay: stopped before a torn tail: \(torn)") }
      if format == "state" {
        print(PrettyJSON.text(try JSONValue(encoding: result.state)), terminator: "")
      } else {
        // Lines a type's fast reader left to the general decoder (an older shape, or a writer
        // that differs from the reader): slower, never wrong, so said where a debugger looks.
        let fallbacks = EventCodec.fallbacks.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        print(
          "replayed \(events) event\(events == 1 ? "" : "s")\(reached.map { " (through seq \($0))" } ?? "")"
            + (fallbacks.isEmpty ? "" : "; read the general way: " + fallbacks.joined(separator: ", ")))
      }
      return 0
    } catch {
      printError("gallery-rpc replay: \(error)")
      return VerifyCommand.status(for: error)
    }
  }
}
