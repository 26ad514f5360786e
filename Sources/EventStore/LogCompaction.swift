#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file work of a retention cut (`EventLog.compact`): a new log that starts with a base
/// line and continues with the kept lines' bytes unchanged, written beside the log, synced
/// and renamed over it.
enum LogCompaction {
  /// Appended to the log's path for the file being written.
  static let suffix = ".compacting"

  /// The seq of the first line of a non-empty log.
  static func firstSeq(fd: Int32, path: String) throws -> UInt64 {
    try SeqSearch.seq(at: 0, fd: fd, path: path, end: FileIO.size(fd, path)) ?? 1
  }

  /// Writes the compacted log and renames it over `path`; returns its size.
  static func write(
    from fd: Int32, path: String, end: Int64, through seq: UInt64, baseData: [UInt8], baseVersion: Int
  ) throws -> Int64 {
    let cut = try LogCursor(path: path, fromSeq: seq, through: seq, end: end)
    guard let last = try cut.next(), last.seq == seq else {
      throw EventLogError.invalidEvent("a retention cut at seq \(seq): no such event")
    }
    guard last.batchRemaining == 0 else {
      throw EventLogError.invalidEvent("a retention cut at seq \(seq) would split a batch")
    }
    let keepFrom = try SeqSearch.offset(ofSeq: seq + 1, fd: fd, path: path, end: end)
    var base: [UInt8] = []
    EventLine.encode(
      EventRecord(
        seq: seq, timeMillis: last.timeMillis, type: EventLine.baseType, version: baseVersion, data: baseData),
      into: &base)
    let tmp = path + suffix
    let out = try FileIO.open(tmp, O_WRONLY | O_CREAT | O_TRUNC)
    do {
      try base.withUnsafeBytes { try FileIO.writeAll(out, $0, tmp) }
      var buffer = [UInt8](repeating: 0, count: 1 << 20)
      var at = keepFrom
      while at < end {
        let want = Int(min(Int64(buffer.count), end - at))
        let got = try buffer.withUnsafeMutableBytes {
          try FileIO.read(fd, into: $0, count: want, at: at, path)
        }
        guard got > 0 else { break }
        try buffer.withUnsafeBytes {
          try FileIO.writeAll(out, UnsafeRawBufferPointer(rebasing: $0[0..<got]), tmp)
        }
        at += Int64(got)
      }
      try FileIO.sync(out, tmp)
      close(out)
    } catch {
      close(out)
      unlink(tmp)
      throw error
    }
    try FileIO.rename(tmp, path)
    try FileIO.syncDirectory(FileIO.directory(of: path))
    return Int64(base.count) + (end - keepFrom)
  }
}
