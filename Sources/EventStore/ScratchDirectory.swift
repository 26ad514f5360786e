#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A directory in the system's temporary folder that one process owns for its run (an
/// inspector's copy of a log): named `PREFIX` + its pid + `-` + a random part, so the next
/// process to make one can tell whose it is. Owner: that process, which removes it when it
/// stops; one whose process is gone (a crash, a kill) is swept by the next `path(prefix:)`.
/// Bound: one per running process.
public enum ScratchDirectory {
  /// The system's temporary folder (`TMPDIR`, else `/tmp`).
  public static var temporary: String {
    guard let value = getenv("TMPDIR"), value.pointee != 0 else { return "/tmp" }
    let text = String(cString: value)
    return text.hasSuffix("/") && text.count > 1 ? String(text.dropLast()) : text
  }

  /// A fresh name for this process's directory (not made yet: `OwnerOnly.makeFolder` makes
  /// it 0700), after sweeping the ones whose process is gone.
  public static func path(prefix: String) -> String {
    let folder = temporary
    sweep(prefix: prefix, in: folder)
    var random = SystemRandomNumberGenerator()
    let tag = (0..<2).map { _ in String(random.next() as UInt64, radix: 16) }.joined()
    return "\(folder)/\(prefix)\(getpid())-\(tag)"
  }

  /// Removes the directories named `prefix` + pid + `-…` whose process is gone, and those an
  /// older build named without its pid once a day old.
  public static func sweep(prefix: String, in folder: String) {
    guard let dir = opendir(folder) else { return }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(prefix) { names.append(name) }
    }
    closedir(dir)
    for name in names {
      let rest = name.dropFirst(prefix.count)
      let path = "\(folder)/\(name)"
      if let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0 {
        guard kill(pid, 0) != 0, errno == ESRCH else { continue }
      } else {
        var info = stat()
        guard lstat(path, &info) == 0, time(nil) - info.st_mtim.tv_sec > 86_400 else { continue }
      }
      removeTree(path)
    }
  }

  /// Removes `path` and everything below it (no link is followed).
  public static func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if (info.st_mode & S_IFMT) == S_IFDIR, let dir = opendir(path) {
      var children: [String] = []
      while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != "." && name != ".." { children.append(name) }
      }
      closedir(dir)
      for child in children { removeTree(path + "/" + child) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }
}
