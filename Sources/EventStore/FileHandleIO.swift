#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin, checked wrappers over the POSIX calls the log needs; every failure names the path.
enum FileIO {
  static func open(_ path: String, _ flags: Int32, mode: mode_t = OwnerOnly.fileMode) throws -> Int32 {
    let fd = path.withCString { Glibc.open($0, flags | O_CLOEXEC, mode) }
    guard fd >= 0 else { throw EventLogError.io(operation: "open", path: path, errno: errno) }
    return fd
  }

  static func size(_ fd: Int32, _ path: String) throws -> Int64 {
    var st = stat()
    guard fstat(fd, &st) == 0 else { throw EventLogError.io(operation: "stat", path: path, errno: errno) }
    return Int64(st.st_size)
  }

  /// Writes every byte at the current position (the fd is O_APPEND for logs).
  static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, _ path: String) throws {
    var done = 0
    while done < bytes.count {
      let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
      if n < 0 {
        if errno == EINTR { continue }
        throw EventLogError.io(operation: "write", path: path, errno: errno)
      }
      done += n
    }
  }

  /// Reads up to `count` bytes at `offset`; fewer only at end of file.
  static func read(
    _ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, count: Int, at offset: Int64, _ path: String
  )
    throws -> Int
  {
    var done = 0
    while done < count {
      let n = pread(fd, buffer.baseAddress! + done, count - done, off_t(offset) + off_t(done))
      if n < 0 {
        if errno == EINTR { continue }
        throw EventLogError.io(operation: "read", path: path, errno: errno)
      }
      if n == 0 { break }
      done += n
    }
    return done
  }

  static func sync(_ fd: Int32, _ path: String) throws {
    #if os(Linux)
      let r = fdatasync(fd)
    #else
      let r = fsync(fd)
    #endif
    guard r == 0 else { throw EventLogError.io(operation: "fsync", path: path, errno: errno) }
  }

  static func truncate(_ fd: Int32, to size: Int64, _ path: String) throws {
    guard ftruncate(fd, off_t(size)) == 0 else {
      throw EventLogError.io(operation: "truncate", path: path, errno: errno)
    }
  }

  /// Makes a rename or a file creation in `directory` durable.
  static func syncDirectory(_ directory: String) throws {
    let fd = try FileIO.open(directory, O_RDONLY | O_DIRECTORY)
    defer { close(fd) }
    guard fsync(fd) == 0 else { throw EventLogError.io(operation: "fsync", path: directory, errno: errno) }
  }

  static func rename(_ from: String, _ to: String) throws {
    guard Glibc.rename(from, to) == 0 else {
      throw EventLogError.io(operation: "rename", path: "\(from) -> \(to)", errno: errno)
    }
  }

  static func exists(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0
  }

  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Writes `bytes` to `path` atomically: temp file, fsync, rename, directory fsync.
  static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = OwnerOnly.fileMode) throws {
    let temp = "\(directory(of: path))/.\(path.split(separator: "/").last ?? "file").\(getpid()).tmp"
    unlink(temp)  // a leftover of a crash; O_EXCL then guarantees the mode below
    let fd = try FileIO.open(temp, O_WRONLY | O_CREAT | O_EXCL, mode: mode)
    fchmod(fd, mode)  // the umask must not widen or narrow it
    var isOpen = true
    defer { if isOpen { close(fd) } }
    do {
      try bytes.withUnsafeBytes { raw in try writeAll(fd, raw, temp) }
      guard fsync(fd) == 0 else { throw EventLogError.io(operation: "fsync", path: temp, errno: errno) }
      isOpen = false
      close(fd)
      try rename(temp, path)
      try syncDirectory(directory(of: path))
    } catch {
      unlink(temp)
      throw error
    }
  }
}

/// Whole-file writes that a crash cannot leave half done.
public enum AtomicFile {
  /// Writes `bytes` to `path` through a temp file created with `mode`, fsync, rename and a
  /// directory fsync: readers see the old file or the new one, never a mix.
  public static func write(_ bytes: [UInt8], to path: String, mode: UInt32 = UInt32(OwnerOnly.fileMode))
    throws
  {
    try FileIO.writeAtomically(bytes, to: path, mode: mode_t(mode))
  }
}
