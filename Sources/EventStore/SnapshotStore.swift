import JSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A saved state and the log position it covers.
public struct Snapshot: Sendable, Equatable {
  /// The last seq folded into `state`.
  public var seq: UInt64
  /// The checksum of that seq's log line: proves the snapshot belongs to this log.
  public var lineChecksum: UInt32
  /// When the snapshot was taken (milliseconds since the epoch).
  public var timeMillis: Int64
  /// The state, in whatever encoding its owner chose.
  public var state: [UInt8]
  /// The version of that encoding, as its owner numbers it; a header without one (written
  /// before the member existed) reads as 1.
  public var stateFormat: Int

  public init(seq: UInt64, lineChecksum: UInt32, timeMillis: Int64, state: [UInt8], stateFormat: Int = 1) {
    self.seq = seq
    self.lineChecksum = lineChecksum
    self.timeMillis = timeMillis
    self.state = state
    self.stateFormat = stateFormat
  }
}

/// A snapshot file that was not trusted, and why.
public struct SnapshotProblem: Error, Sendable, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String
  public var description: String { "skipped snapshot \(path): \(reason)" }
}

/// Snapshot files in one directory, each written atomically and checked when loaded.
///
/// A file is a header line (`{"format":"gallery-rpc-snapshot","v":1,"seq":…,"lineCRC":…,
/// "time":…,"stateFormat":…,"length":…,"crc":…}`) followed by the state bytes; `crc` is their
/// CRC-32C. Unknown header members are ignored; `stateFormat` absent reads as 1.
public struct SnapshotStore: Sendable {
  /// Where the snapshot files live.
  public let directory: String
  /// How many snapshots to keep; older ones are removed after a save.
  public let keep: Int

  public init(directory: String, keep: Int = 3) {
    self.directory = directory
    self.keep = max(1, keep)
  }

  /// The file name for a snapshot covering `seq`; names sort by seq.
  public func path(forSeq seq: UInt64) -> String {
    let digits = String(seq)
    return "\(directory)/snapshot-\(String(repeating: "0", count: max(0, 20 - digits.count)))\(digits).snap"
  }

  /// Saves atomically (temp file, fsync, rename, directory fsync), then prunes old ones.
  @discardableResult
  public func save(_ snapshot: Snapshot) throws -> String {
    var bytes = Array(#"{"format":"gallery-rpc-snapshot","v":1,"seq":"#.utf8)
    EventLine.appendDecimal(snapshot.seq, to: &bytes)
    bytes += Array(#","lineCRC":""#.utf8) + Array(EventLine.hex(snapshot.lineChecksum).utf8)
    bytes += Array(#"","time":""#.utf8)
    ISOTime.append(millis: snapshot.timeMillis, to: &bytes)
    bytes += Array(#"","stateFormat":"#.utf8)
    EventLine.appendDecimal(UInt64(max(0, snapshot.stateFormat)), to: &bytes)
    bytes += Array(#","length":"#.utf8)
    EventLine.appendDecimal(UInt64(snapshot.state.count), to: &bytes)
    bytes += Array(#","crc":""#.utf8) + Array(EventLine.hex(CRC32C.checksum(snapshot.state)).utf8)
    bytes += Array("\"}\n".utf8)
    bytes += snapshot.state
    let target = path(forSeq: snapshot.seq)
    try FileIO.writeAtomically(bytes, to: target)
    for old in list().dropFirst(keep) { unlink(old.path) }
    return target
  }

  /// The snapshot files present, newest (highest seq) first.
  public func list() -> [(seq: UInt64, path: String)] {
    guard let dir = opendir(directory) else { return [] }
    defer { closedir(dir) }
    var found: [(UInt64, String)] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      guard name.hasPrefix("snapshot-"), name.hasSuffix(".snap"),
        let seq = UInt64(name.dropFirst(9).dropLast(5))
      else { continue }
      found.append((seq, "\(directory)/\(name)"))
    }
    return found.sorted { $0.0 > $1.0 }.map { (seq: $0.0, path: $0.1) }
  }

  /// The newest snapshot that reads back intact and that `belongs` accepts (it returns a
  /// reason to reject, or nil), with a problem for every newer one skipped.
  public func loadNewest(belongs: (Snapshot) -> String?) -> (snapshot: Snapshot?, problems: [SnapshotProblem])
  {
    var problems: [SnapshotProblem] = []
    for (_, path) in list() {
      switch Self.read(path) {
      case .failure(let problem): problems.append(problem)
      case .success(let snapshot):
        if let reason = belongs(snapshot) {
          problems.append(SnapshotProblem(path: path, reason: reason))
          continue
        }
        return (snapshot, problems)
      }
    }
    return (nil, problems)
  }

  /// The most state a snapshot may hold (256 MiB, the log's default size bound): a larger
  /// one is skipped with a problem before its state is read (the log rebuilds the state).
  public static let maxStateBytes: UInt64 = 256 << 20
  /// Where the header line must end.
  static let maxHeaderBytes = 4096

  /// Reads and checks one snapshot file. Bounded before anything is allocated: only a regular
  /// file is read (a FIFO or a device in its place is refused without waiting on it), the
  /// header is read first, and the state only when its length is within `maxStateBytes` and
  /// matches the file's size; the state is read once, into its own buffer.
  public static func read(_ path: String) -> Result<Snapshot, SnapshotProblem> {
    func problem(_ reason: String) -> Result<Snapshot, SnapshotProblem> {
      .failure(SnapshotProblem(path: path, reason: reason))
    }
    let fd = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC) }
    guard fd >= 0 else { return problem("cannot be read") }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return problem("cannot be read") }
    guard (info.st_mode & S_IFMT) == S_IFREG else { return problem("not a regular file") }
    let size = Int64(info.st_size)
    var bytes = [UInt8](repeating: 0, count: Int(min(Int64(maxHeaderBytes), size)))
    guard
      let headRead = try? bytes.withUnsafeMutableBytes({ raw in
        try FileIO.read(fd, into: raw, count: raw.count, at: 0, path)
      })
    else { return problem("cannot be read") }
    guard let nl = bytes[0..<headRead].firstIndex(of: 0x0A) else {
      return problem(
        size > maxHeaderBytes ? "no header line in its first \(maxHeaderBytes) bytes" : "no header line")
    }
    var seq: UInt64?
    var lineCRC: UInt32?
    var time: Int64?
    var length: UInt64?
    var crc: UInt32?
    var format: String?
    var stateFormat: UInt64 = 1
    let parsed: Bool = bytes.withUnsafeBytes { raw in
      var s = JSONScanner(UnsafeRawBufferPointer(rebasing: raw[0..<nl]))
      do {
        try s.expect(UInt8(ascii: "{"), "'{'")
        repeat {
          let key = try s.readString()
          try s.expect(UInt8(ascii: ":"), "':'")
          switch key {
          case "format": format = try s.readString()
          case "seq": seq = try s.readUInt()
          case "length": length = try s.readUInt()
          case "stateFormat": stateFormat = try s.readUInt()
          case "lineCRC": lineCRC = UInt32(try s.readString(), radix: 16)
          case "crc": crc = UInt32(try s.readString(), radix: 16)
          case "time": time = ISOTime.parse(Array(try s.readString().utf8))
          default: try s.skipValue()
          }
        } while s.consume(UInt8(ascii: ","))
        try s.expect(UInt8(ascii: "}"), "'}'")
        return true
      } catch { return false }
    }
    guard parsed, format == "gallery-rpc-snapshot", let seq, let lineCRC, let time, let length, let crc,
      stateFormat <= UInt64(Int32.max)
    else {
      return problem("malformed header")
    }
    guard length <= maxStateBytes else {
      return problem("its state of \(length) bytes is past the \(maxStateBytes) a snapshot may hold")
    }
    let stateBytes = size - Int64(nl + 1)
    guard UInt64(stateBytes) == length else {
      return problem("state is \(stateBytes) bytes, header says \(length)")
    }
    var state = [UInt8](repeating: 0, count: Int(length))
    guard
      let got = try? state.withUnsafeMutableBytes({ raw in
        try FileIO.read(fd, into: raw, count: raw.count, at: Int64(nl + 1), path)
      }), got == state.count
    else { return problem("state is shorter than its header says (the file changed while read)") }
    guard CRC32C.checksum(state) == crc else { return problem("state checksum mismatch") }
    return .success(
      Snapshot(seq: seq, lineChecksum: lineCRC, timeMillis: time, state: state, stateFormat: Int(stateFormat))
    )
  }
}
