import EventStore

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery-rpc repair LOG --set-aside-unreadable`: the way out of a log holding lines this
/// build cannot read (from a buggy build, or a hand edit). Each is replaced by a
/// `log.setAside` event at its seq and kept byte for byte beside the log (`LogSetAside`); the
/// snapshots and checkpoints from the first such seq on are removed, since they were built
/// with what those lines did and the state now goes on without it. A newer build's lines are
/// never touched.
public enum UnreadableLines {
  /// Sets aside the log's unreadable lines; `stamp` names the kept file.
  public static func setAside(log path: String, stamp: String) throws -> SetAsideReport {
    try LogSetAside.run(
      path: path, stamp: stamp, payloadProblem: EventCodec.problem,
      placeholder: { record, reason, keptIn in
        let data = try EventCodec.encodeData(
          LogEvents.SetAside(event: record.type, v: record.version, reason: reason, keptIn: keptIn))
        return (LogEvents.SetAside.type, LogEvents.SetAside.version, data)
      },
      then: { report in
        // Still under the writer lock: no server can open these meanwhile.
        guard let first = report.firstSeq else { return }
        let slash = path.lastIndex(of: "/")
        let base = slash.map { String(path[..<$0]) } ?? "."
        for folder in [base + "/snapshots", base + "/snapshots/history"] {
          for snapshot in SnapshotStore(directory: folder).list() where snapshot.seq >= first {
            unlink(snapshot.path)
          }
        }
      })
  }
}
