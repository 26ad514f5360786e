import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One writer per log: an exclusive `flock` on the lock file beside the log (which names the
/// holder's pid) and on the log file itself (so a deleted lock file admits no second writer).
public enum WriterLock {
  /// Locks the log file itself too: a lock file someone deleted must not let a second
  /// writer in, as the log's own inode is what both would open.
  static func lockLogFile(_ fd: Int32, path: String, lockPath: String) throws {
    guard flock(fd, LOCK_EX | LOCK_NB) != 0 else { return }
    let code = errno
    guard code == EWOULDBLOCK else { throw EventLogError.io(operation: "flock", path: path, errno: code) }
    let holder = (try? String(contentsOfFile: lockPath, encoding: .utf8))
      .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    throw EventLogError.locked(lockFile: lockPath, holderPID: holder)
  }

  /// Takes the lock file beside the log (it names the holder's pid); fails `.locked` when
  /// another writer holds it.
  static func acquireLockFile(_ lockPath: String) throws -> Int32 {
    let fd = try FileIO.open(lockPath, O_RDWR | O_CREAT)
    if flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      var buf = [UInt8](repeating: 0, count: 32)
      let n = buf.withUnsafeMutableBytes { raw in
        (try? FileIO.read(fd, into: raw, count: 32, at: 0, lockPath)) ?? 0
      }
      Glibc.close(fd)
      guard code == EWOULDBLOCK else {
        throw EventLogError.io(operation: "flock", path: lockPath, errno: code)
      }
      let text = String(decoding: buf[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      throw EventLogError.locked(lockFile: lockPath, holderPID: Int32(text))
    }
    let pid = Array("\(getpid())\n".utf8)
    _ = ftruncate(fd, 0)
    _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    return fd
  }

  /// Whether a writer holds the file at `path` open as its log (its exclusive `flock`);
  /// false when it is free or cannot be opened. Reading it takes no lock that stays.
  public static func isHeld(_ path: String) -> Bool {
    let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { Glibc.close(fd) }
    guard flock(fd, LOCK_SH | LOCK_NB) != 0 else {
      flock(fd, LOCK_UN)
      return false
    }
    return errno == EWOULDBLOCK
  }
}
