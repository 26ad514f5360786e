#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small file the core owns beside its log (registered accounts, credentials, the offline
/// copy): read whole with a bound, never silently read as empty. What is damaged is kept
/// aside under a new name, so a later write cannot overwrite it; writes go through
/// `AtomicFile` (temp file, fsync, rename, directory fsync).
public enum OwnedFile {
  /// What reading found.
  public enum Read: Sendable, Equatable {
    /// No such file: nothing was ever kept.
    case missing
    /// The whole file.
    case contents([UInt8])
    /// It is there but cannot be read (permissions, I/O, larger than the bound): why.
    case unreadable(String)
  }

  /// Reads the whole file at `path`, at most `limit` bytes (a larger file is unreadable,
  /// so a hostile size is refused before it is allocated).
  public static func read(_ path: String, limit: Int) -> Read {
    let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else {
      let code = errno
      return code == ENOENT ? .missing : .unreadable(String(cString: strerror(code)))
    }
    defer { Glibc.close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .unreadable(String(cString: strerror(errno))) }
    guard (info.st_mode & S_IFMT) == S_IFREG else { return .unreadable("not a regular file") }
    guard info.st_size <= Int64(limit) else {
      return .unreadable("\(info.st_size) bytes, more than the \(limit) it may hold")
    }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    do {
      let count = bytes.count
      let got = try bytes.withUnsafeMutableBytes { try FileIO.read(fd, into: $0, count: count, at: 0, path) }
      return .contents(Array(bytes[0..<got]))
    } catch {
      return .unreadable("\(error)")
    }
  }

  /// Renames a damaged file to a free name beside it (`path.damaged-STAMP`, then `-2`, `-3`…)
  /// and returns that name: the bytes stay for a person to look at, and the next write
  /// starts a new file instead of replacing them.
  public static func keepAside(_ path: String, stamp: String) throws -> String {
    let aside = LogRepair.asideName(path, stamp)
    try FileIO.rename(path, aside)
    try FileIO.syncDirectory(FileIO.directory(of: path))
    return aside
  }
}
