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
    guard let read = LogArguments.read(arguments, command: "rerun", formats: ["text", "json"], usage: usage)
    else { return 2 }
    do {
      let report = try Rerun.run(logAt: read.path, until: read.until)
      if read.format == "json" {
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
