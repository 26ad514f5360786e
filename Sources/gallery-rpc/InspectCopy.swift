import EventStore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The data directory `serve --inspect FILE` serves: a fresh temporary one holding a copy of
/// the log or bundle as its `events.jsonl`. Owner: the serving process, which removes it when
/// it stops; a copy whose process died (a crash, a kill) is swept by the next `make`. Bound:
/// one copy of the inspected file per running inspector.
enum InspectCopy {
  /// Names start with this, then the owner's pid: `gallery-inspect-PID-UUID`.
  static let prefix = "gallery-inspect-"

  struct Refusal: Error, CustomStringConvertible {
    var description: String
  }

  static func make(of file: String) throws -> String {
    var info = stat()
    guard stat(file, &info) == 0 else {
      throw Refusal(description: "\(file): \(String(cString: strerror(errno)))")
    }
    // A FIFO would block the copy for ever, a directory would be copied whole: only a log.
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw Refusal(description: "\(file) is not a regular file (--inspect takes a log or a bundle)")
    }
    let directory = ScratchDirectory.path(prefix: prefix)
    // A copy of the user's log: the owner's alone.
    try OwnerOnly.makeFolder(directory)
    do {
      try FileManager.default.copyItem(atPath: file, toPath: directory + "/events.jsonl")
    } catch {
      try? FileManager.default.removeItem(atPath: directory)
      throw error
    }
    return directory
  }

}
