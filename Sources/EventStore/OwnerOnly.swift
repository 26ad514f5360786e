#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files and folders only their owner can touch: the data directory and every folder in it
/// are made 0700 and every file 0600, whatever the process's umask (the mode given to `mkdir`
/// and `open`, which a umask can only narrow). Nothing the core keeps (typed emails, search
/// texts, staged uploads, tokens) is readable, or replaceable, by another local user.
public enum OwnerOnly {
  public static let folderMode: mode_t = 0o700
  public static let fileMode: mode_t = 0o600

  /// Makes `path` and every missing folder above it, each 0700; one already there is left as
  /// it is (see `widerMode`).
  public static func makeFolder(_ path: String) throws {
    var prefix = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      prefix += "/" + component
      if mkdir(prefix, folderMode) != 0, errno != EEXIST {
        throw EventLogError.io(operation: "mkdir", path: prefix, errno: errno)
      }
    }
  }

  /// The mode of `path` when users other than its owner may read, write or enter it; nil
  /// when they may not, or when there is nothing there.
  public static func widerMode(of path: String) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    let mode = info.st_mode & 0o7777
    return mode & 0o077 != 0 ? mode : nil
  }

  /// Writes `bytes` to a new file at `path`, 0600 (it must not exist): no sync, for files a
  /// crash may lose (the image cache's).
  public static func writeNew(_ bytes: [UInt8], to path: String) throws {
    let fd = try FileIO.open(path, O_WRONLY | O_CREAT | O_EXCL, mode: fileMode)
    defer { close(fd) }
    do { try bytes.withUnsafeBytes { raw in try FileIO.writeAll(fd, raw, path) } } catch {
      unlink(path)
      throw error
    }
  }
}
