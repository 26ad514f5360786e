#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file forward line by line through one reusable buffer, so memory stays constant
/// however long the log is: the buffer grows to the longest line, at most `maxLineBytes`. A
/// longer line (no writer makes one: a hostile or broken file) is read past in pieces and
/// handed over as its first bytes only, which no decoder accepts, with `cutLength` saying
/// how long it was.
struct LineReader {
  /// The longest line handed over whole: the largest event (16 MiB of data) and its envelope.
  static let maxLineBytes = (16 << 20) + (1 << 20)
  /// How many of a cut line's bytes are handed over.
  static let cutPrefixBytes = 256

  /// What a line past the bound is called wherever it is reported.
  static func tooLong(_ length: Int64) -> String {
    "a line of \(length) bytes, past the \(maxLineBytes) a line may have (no build writes one)"
  }
  let fd: Int32
  let path: String
  /// Reading stops here (exclusive); nil means end of file.
  let end: Int64?
  private var buffer: [UInt8]
  private var bufferOffset: Int64  // file offset of buffer[0]
  private var lo = 0
  private var hi = 0
  private var nextRead: Int64
  private var eof = false
  /// The length of the last line handed over, when it was past `maxLineBytes` (nil otherwise).
  private(set) var cutLength: Int64?

  init(fd: Int32, path: String, start: Int64, end: Int64? = nil, chunk: Int = 256 * 1024) {
    self.fd = fd
    self.path = path
    self.end = end
    self.buffer = [UInt8](repeating: 0, count: chunk)
    self.bufferOffset = start
    self.nextRead = start
  }

  /// File offset of the next line to be returned.
  var offset: Int64 { bufferOffset + Int64(lo) }

  /// Hands the next line (without `\n`), its file offset and whether it had a `\n` to `body`.
  mutating func next<R>(_ body: (Int64, UnsafeRawBufferPointer, Bool) -> R) throws -> R? {
    cutLength = nil
    while true {
      if lo < hi {
        let found: Int? = buffer.withUnsafeBytes { raw in
          guard let p = memchr(raw.baseAddress! + lo, 0x0A, hi - lo) else { return nil }
          return raw.baseAddress!.distance(to: UnsafeRawPointer(p))
        }
        if let nl = found {
          let start = lo
          lo = nl + 1
          return buffer.withUnsafeBytes { raw in
            body(bufferOffset + Int64(start), UnsafeRawBufferPointer(rebasing: raw[start..<nl]), true)
          }
        }
      }
      if hi - lo > Self.maxLineBytes { return try cut(body) }
      if eof {
        guard lo < hi else { return nil }
        let start = lo
        lo = hi
        return buffer.withUnsafeBytes { raw in
          body(bufferOffset + Int64(start), UnsafeRawBufferPointer(rebasing: raw[start..<hi]), false)
        }
      }
      try fill()
    }
  }

  /// Hands lines to `body` as `next` does while it returns true: false once the input has
  /// no more lines, true when `body` stopped.
  mutating func forEach(_ body: (Int64, UnsafeRawBufferPointer, Bool) -> Bool) throws -> Bool {
    while let goOn = try next(body) {
      if !goOn { return true }
    }
    return false
  }

  /// The line at `lo` is past `maxLineBytes`: its first bytes are kept, the rest is read past
  /// (one buffer's worth at a time) to its newline or the end, and the prefix handed over.
  private mutating func cut<R>(_ body: (Int64, UnsafeRawBufferPointer, Bool) -> R) throws -> R? {
    let start = bufferOffset + Int64(lo)
    let prefix = Array(buffer[lo..<(lo + Self.cutPrefixBytes)])
    var length = Int64(hi - lo)
    lo = hi
    var terminated = false
    while !terminated {
      if lo == hi {
        if eof { break }
        try fill()
        continue
      }
      let found: Int? = buffer.withUnsafeBytes { raw in
        guard let p = memchr(raw.baseAddress! + lo, 0x0A, hi - lo) else { return nil }
        return raw.baseAddress!.distance(to: UnsafeRawPointer(p))
      }
      if let nl = found {
        length += Int64(nl - lo)
        lo = nl + 1
        terminated = true
      } else {
        length += Int64(hi - lo)
        lo = hi
      }
    }
    // Back to one chunk: the line that grew it is gone.
    if lo == hi, buffer.count > Self.maxLineBytes {
      bufferOffset += Int64(lo)
      buffer = [UInt8](repeating: 0, count: 256 * 1024)
      lo = 0
      hi = 0
    }
    cutLength = length
    return prefix.withUnsafeBytes { body(start, $0, terminated) }
  }

  private mutating func fill() throws {
    if lo > 0 {
      let count = hi - lo
      buffer.withUnsafeMutableBytes { raw in
        if count > 0 { memmove(raw.baseAddress!, raw.baseAddress! + lo, count) }
      }
      bufferOffset += Int64(lo)
      hi = count
      lo = 0
    }
    if hi == buffer.count {
      // Doubled in place, with no second array of zeros beside it: a growing line's peak is
      // the buffer alone (a temporary of half its size, as before, made a 17 MiB line's
      // reading peak at 48 MiB).
      let grown = buffer.count * 2
      buffer.reserveCapacity(grown)
      buffer.append(contentsOf: repeatElement(0, count: grown - buffer.count))
    }
    var want = buffer.count - hi
    if let end { want = Int(min(Int64(want), max(0, end - nextRead))) }
    if want == 0 {
      eof = true
      return
    }
    let start = hi
    let got = try buffer.withUnsafeMutableBytes { raw in
      try FileIO.read(
        fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[start...]), count: want, at: nextRead, path)
    }
    hi += got
    nextRead += Int64(got)
    if got < want { eof = true }
  }
}
