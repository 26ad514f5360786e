import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A Unix-domain stream socket at a path: listening (the attach point), connecting (an
/// attached client), and asking who the peer is. Domain-free; every call is POSIX's.
public enum UnixSocket {
  /// Why a socket could not be made, bound or reached.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    /// The call that failed and its `errno`.
    public var call: String
    public var errno: Int32
    public var description: String { "\(call): \(String(cString: strerror(errno)))" }
    /// Nothing listens there: no such file, or a socket left by a process that is gone.
    public var nothingListens: Bool { errno == ENOENT || errno == ECONNREFUSED }
  }

  /// The longest path `sockaddr_un` holds (107 bytes and its terminating zero).
  static let maxPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

  /// A socket listening at `path` (a stale file there is replaced), made 0600; its directory
  /// should be the user's own (0700), so nobody else can reach it between bind and chmod.
  public static func listen(at path: String, backlog: Int32 = 16) throws(Failure) -> Int32 {
    let fd = try socketDescriptor()
    unlink(path)
    do throws(Failure) {
      try withAddress(path) { address, length throws(Failure) in
        guard bind(fd, address, length) == 0 else { throw Failure(call: "bind \(path)", errno: errno) }
      }
      guard chmod(path, 0o600) == 0 else { throw Failure(call: "chmod \(path)", errno: errno) }
      guard Glibc.listen(fd, backlog) == 0 else { throw Failure(call: "listen \(path)", errno: errno) }
    } catch {
      close(fd)
      throw error
    }
    return fd
  }

  /// A socket connected to the one listening at `path`.
  public static func connect(to path: String) throws(Failure) -> Int32 {
    let fd = try socketDescriptor()
    do throws(Failure) {
      try withAddress(path) { address, length throws(Failure) in
        while Glibc.connect(fd, address, length) != 0 {
          if errno == EINTR { continue }
          throw Failure(call: "connect \(path)", errno: errno)
        }
      }
    } catch {
      close(fd)
      throw error
    }
    return fd
  }

  /// The user id of the process at the other end of a connected socket (`SO_PEERCRED`), or
  /// nil when the kernel does not say.
  public static func peerUser(of fd: Int32) -> uid_t? {
    // struct ucred { pid_t pid; uid_t uid; gid_t gid; }: three 32-bit members.
    var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
    var length = socklen_t(MemoryLayout.size(ofValue: credentials))
    guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
      length == socklen_t(MemoryLayout.size(ofValue: credentials))
    else { return nil }
    return credentials.1
  }

  /// Makes a write to `fd` that cannot proceed for `seconds` fail (`EAGAIN`), so a writer
  /// thread never waits on a peer that stopped reading without a bound.
  public static func boundWrites(of fd: Int32, seconds: Int) {
    var limit = timeval(tv_sec: seconds, tv_usec: 0)
    _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
  }

  private static func socketDescriptor() throws(Failure) -> Int32 {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw Failure(call: "socket", errno: errno) }
    return fd
  }

  /// Runs `body` with `path` as a socket address. A path longer than `sockaddr_un` holds is
  /// reached through its directory's descriptor (`/proc/self/fd/N/name`), which is short.
  private static func withAddress(
    _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) throws(Failure) -> Void
  ) throws(Failure) {
    var usable = path
    var directory: Int32 = -1
    defer { if directory >= 0 { close(directory) } }
    if path.utf8.count > maxPathBytes {
      let folder = (path as NSString).deletingLastPathComponent
      directory = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard directory >= 0 else { throw Failure(call: "open \(folder)", errno: errno) }
      usable = "/proc/self/fd/\(directory)/\((path as NSString).lastPathComponent)"
      guard usable.utf8.count <= maxPathBytes else {
        throw Failure(call: "bind \(path)", errno: ENAMETOOLONG)
      }
    }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (i, byte) in usable.utf8.enumerated() { raw[i] = byte }
      raw[usable.utf8.count] = 0
    }
    let length = socklen_t(MemoryLayout<sockaddr_un>.size)
    try withUnsafePointer(to: &address) { pointer throws(Failure) in
      try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address throws(Failure) in
        try body(address, length)
      }
    }
  }
}
