#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the line of a seq by binary search over byte offsets: lines are sorted by seq, and
/// the writer starts each with `{"seq":N`, so reading from the middle of a long log costs a few
/// reads, not a scan. A line in another layout (members reordered, spaces: what `verify` and
/// replay take too) is read whole for its seq (`EventLine.seq(of:)`): one judgement of a line.
enum SeqSearch {
  /// The offset of the first line whose seq is `target` or more (or `end` if none).
  static func offset(ofSeq target: UInt64, fd: Int32, path: String, end: Int64) throws -> Int64 {
    if target <= 1 { return 0 }
    var lo: Int64 = 0
    var hi = end
    while hi - lo > 1 << 16 {
      let mid = lo + (hi - lo) / 2
      guard let start = try lineStart(after: mid, before: hi, fd: fd, path: path), start < hi,
        let seq = try seq(at: start, fd: fd, path: path, end: hi)
      else { break }  // damage in the way: finish with a scan, which reads every line
      if seq < target { lo = start } else { hi = start }
    }
    var reader = LineReader(fd: fd, path: path, start: lo, end: hi, chunk: 1 << 16)
    while let (offset, seq) = try reader.next({ offset, line, _ in (offset, EventLine.seq(of: line)) }) {
      if let seq, seq >= target { return offset }
    }
    return hi
  }

  /// The first line start in `(from, before)`.
  private static func lineStart(after from: Int64, before: Int64, fd: Int32, path: String) throws
    -> Int64?
  {
    var at = from
    var buf = [UInt8](repeating: 0, count: 4096)
    while at < before {
      let want = Int(min(Int64(buf.count), before - at))
      let got = try buf.withUnsafeMutableBytes { raw in
        try FileIO.read(fd, into: raw, count: want, at: at, path)
      }
      if got == 0 { return nil }
      if let nl = buf[0..<got].firstIndex(of: 0x0A) { return at + Int64(nl) + 1 }
      at += Int64(got)
    }
    return nil
  }

  /// The seq of the line at `offset` (before `end`): from its first bytes, else from the whole
  /// line; nil when it does not read.
  static func seq(at offset: Int64, fd: Int32, path: String, end: Int64) throws -> UInt64? {
    var buf = [UInt8](repeating: 0, count: 32)
    let got = try buf.withUnsafeMutableBytes { raw in
      try FileIO.read(fd, into: raw, count: Int(min(32, max(0, end - offset))), at: offset, path)
    }
    if let seq = buf.withUnsafeBytes({ EventLine.peekSeq(UnsafeRawBufferPointer(rebasing: $0[0..<got])) }) {
      return seq
    }
    var reader = LineReader(fd: fd, path: path, start: offset, end: end, chunk: 1 << 16)
    return try reader.next { _, line, _ in EventLine.seq(of: line) } ?? nil
  }
}
