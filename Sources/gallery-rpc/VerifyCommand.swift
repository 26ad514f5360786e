import EventStore
import Foundation
import GalleryCore

/// `gallery-rpc verify LOG` and `gallery-rpc repair LOG`: integrity report and repair.
enum VerifyCommand {
  /// The exit status of a log a newer build wrote (verify, repair, replay, export, serve).
  static let newerBuildStatus: Int32 = 3

  /// A command's exit status for `error`: `newerBuildStatus` when a newer build wrote what it
  /// read, 1 otherwise.
  static func status(for error: any Error) -> Int32 {
    (error as? ReplayError)?.writtenByNewerBuild == true ? newerBuildStatus : 1
  }

  /// Prints every problem; returns the exit status (0 clean, 1 problems, 2 unreadable file,
  /// 3 written by a newer build).
  static func run(path: String) -> Int32 {
    do {
      let report = try LogVerifier.verify(path: path, payloadProblem: EventCodec.problem)
      print("\(path): \(report.lines) lines, \(report.bytes) bytes, \(report.goodEvents) good events")
      if report.isClean {
        print("clean: \(prefix(report.validPrefixLastSeq, from: report.firstSeq)), every checksum matches")
        return 0
      }
      for problem in report.problems { print("  \(problem)") }
      let damage = report.problems.filter { $0.kind == .damage }.count
      print(
        "\(report.problems.count) problem(s), \(damage) of them damage; valid prefix: \(prefix(report.validPrefixLastSeq, from: report.firstSeq))"
      )
      if report.writtenByNewerBuild {
        print("written by a newer build: open it with that build; this one leaves it as it is")
        return newerBuildStatus
      }
      if !report.payloadProblems.isEmpty {
        print("a line whose data this build cannot read is never cut: repair leaves it where it is")
      } else if damage == 0 {
        print("a torn tail alone is cut when the log is next opened for writing")
      }
      return 1
    } catch {
      printError("gallery-rpc verify: \(error)")
      return 2
    }
  }

  /// "seq F to L" (F is 1 unless the log starts with a retention base).
  static func prefix(_ last: UInt64, from first: UInt64 = 1) -> String {
    last == 0 ? "no events" : "seq \(max(first, 1)) to \(last)"
  }

  /// Repairs and reports; returns the exit status.
  /// `repair LOG --set-aside-unreadable`: the lines this build cannot read leave the log (kept
  /// beside it), each replaced by a `log.setAside` event; says what the state loses.
  static func setAside(path: String) -> Int32 {
    do {
      let stamp = ISOTime.format(millis: EventLogOptions.systemClock()).filter { $0.isNumber || $0 == "T" }
      let report = try UnreadableLines.setAside(log: path, stamp: stamp)
      guard let kept = report.keptIn else {
        print("\(path): every line reads, nothing to set aside")
        return 0
      }
      for line in report.lines { print("  set aside: \(line)") }
      print(
        "set aside \(report.lines.count) line(s), kept byte for byte in \(kept); the state goes on without what they did (from seq \(report.firstSeq ?? 0))"
      )
      return 0
    } catch {
      return repairFailed(error)
    }
  }

  static func repair(path: String) -> Int32 {
    do {
      let stamp = ISOTime.format(millis: EventLogOptions.systemClock()).filter { $0.isNumber || $0 == "T" }
      let report = try LogRepair.repair(path: path, stamp: stamp, payloadProblem: EventCodec.problem)
      guard let aside = report.movedAside else {
        print("\(path): clean, nothing to repair")
        return 0
      }
      for problem in report.problems { print("  \(problem)") }
      print(
        "kept \(prefix(report.keptEvents)); removed \(report.removedBytes) bytes; original kept at \(aside)")
      return 0
    } catch {
      return repairFailed(error)
    }
  }

  /// What either repair says when it changes nothing: why, and 3 for a newer build's log.
  static func repairFailed(_ error: any Error) -> Int32 {
    printError("gallery-rpc repair: \(error)")
    return (error as? RepairRefusal)?.writtenByNewerBuild == true ? newerBuildStatus : 1
  }
}
