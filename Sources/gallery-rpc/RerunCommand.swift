import EventStore
import Foundation
import GalleryCore
import JSON

/// `gallery-rpc rerun LOG|BUNDLE [--until SEQ] [--format text|json]`: the recording's inputs
/// made again on this build, offline, its requests answered from the recorded results, every
/// event compared (`Rerun`). Exit 0: the same decisions; 1: the first divergence, named; 2: a
/// recording it cannot read; 3: a newer build's.
enum RerunCommand {
  static let usage = "usage: rerun LOG|BUNDLE [--until SEQ] [--format text|json]"

  static func run(_ arguments: [String]) -> Int32 {
    var path: String?
    var until: UInt64?
    var json = false
    var args = arguments[...]
    while let arg = args.popFirst() {
      switch arg {
      case "--until":
        guard let v = args.popFirst(), let n = UInt64(v) else {
          printError("gallery-rpc rerun: --until needs a seq (a whole number)")
          return 2
        }
        until = n
      case "--format":
        guard let v = args.popFirst(), v == "text" || v == "json" else {
          printError("gallery-rpc rerun: --format must be text or json")
          return 2
        }
        json = v == "json"
      default:
        guard path == nil, !arg.hasPrefix("--") else {
          printError("gallery-rpc rerun: unexpected \(String(reflecting: arg)); \(usage)")
          return 2
        }
        path = arg
      }
    }
    guard let path else {
      printError("gallery-rpc rerun: which LOG? \(usage)")
      return 2
    }
    do {
      let report = try Rerun.run(logAt: path, until: until)
      if json {
        print(String(decoding: try JSONCoding.encode(report), as: UTF8.self))
      } else {
        print(report.text)
      }
      return report.divergence == nil ? 0 : 1
    } catch {
      printError("gallery-rpc rerun: \(error)")
      // 1 is a divergence's: a recording it cannot read is 2, a newer build's 3.
      return VerifyCommand.status(for: error) == 3 ? 3 : 2
    }
  }
}
