import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A bundle on its way to disk, streamed: its bytes go to a temp file of its own beside the
/// target (made with `O_CREAT|O_EXCL|O_NOFOLLOW`, so no file a user has is ever opened or
/// replaced, and no link is followed), in chunks of at most `chunkBytes`, never past
/// `maxBytes`. `commit` puts it in place whole; anything else removes the temp file.
/// Owner: the export that made it (`abandon` on every failure, `deinit` too). Bound: `maxBytes`
/// on disk, `chunkBytes` in memory.
final class BundleFile {
  /// How the finished file takes its place.
  enum Placement {
    /// Replaces a regular file of that name by a rename (the command line's `--out`).
    case replacing
    /// Only as a new name (a hard link, which fails when the name exists): an assistant's.
    case newOnly
  }

  /// The most bytes held before a write.
  static let chunkBytes = 1 << 20

  let target: String
  let temp: String
  let maxBytes: Int64
  private var fd: Int32
  private var buffer: [UInt8] = []
  /// Bytes written or buffered so far.
  private(set) var bytes: Int64 = 0

  /// Creates the temp file beside `target`; throws when it cannot be made.
  init(target: String, maxBytes: Int64) throws {
    self.target = target
    self.maxBytes = maxBytes
    let url = URL(fileURLWithPath: target)
    let folder = url.deletingLastPathComponent().path
    var made: (String, Int32)?
    for _ in 0..<8 {
      let name = ".\(url.lastPathComponent).\(UInt32.random(in: 0...UInt32.max)).partial"
      let path = folder + "/" + name
      let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if fd >= 0 {
        made = (path, fd)
        break
      }
      if errno != EEXIST {
        throw LogBundle.Problem(description: "cannot write \(target): \(String(cString: strerror(errno)))")
      }
    }
    guard let made else {
      throw LogBundle.Problem(description: "cannot make a temporary file beside \(target)")
    }
    (temp, fd) = made
  }

  deinit { abandon() }

  /// Adds `line`'s bytes; writes a chunk once `chunkBytes` are held. Throws past `maxBytes`.
  func append(_ line: [UInt8]) throws {
    bytes += Int64(line.count)
    guard bytes <= maxBytes else {
      throw LogBundle.Problem(
        description:
          "the bundle would pass its bound of \(maxBytes) bytes; export a narrower range (from, to)")
    }
    buffer += line
    if buffer.count >= Self.chunkBytes { try drain() }
  }

  /// Writes what is held, then puts the file at `target`; the temp file is gone either way.
  func commit(_ placement: Placement) throws {
    defer { abandon() }
    try drain()
    guard fsync(fd) == 0 else { throw failure("write") }
    switch placement {
    case .replacing:
      guard rename(temp, target) == 0 else { throw failure("write") }
    case .newOnly:
      guard link(temp, target) == 0 else {
        if errno == EEXIST {
          throw LogBundle.Problem(description: "\(target) exists; a bundle goes to a new file")
        }
        throw failure("write")
      }
    }
  }

  /// Closes and removes the temp file (a no-op once done).
  func abandon() {
    guard fd >= 0 else { return }
    close(fd)
    fd = -1
    unlink(temp)
  }

  private func drain() throws {
    var done = 0
    while done < buffer.count {
      let n = buffer[done...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw failure("write")
      }
      done += n
    }
    buffer.removeAll(keepingCapacity: true)
  }

  private func failure(_ operation: String) -> LogBundle.Problem {
    LogBundle.Problem(description: "cannot \(operation) \(target): \(String(cString: strerror(errno)))")
  }
}
