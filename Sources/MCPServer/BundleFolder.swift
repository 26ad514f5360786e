import EventStore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where an assistant's bug-report bundles go: `DATA/bundles`, a folder of the data directory
/// (made 0700, never a link), each bundle a new file named by the tool or by a plain name the
/// assistant gives. Nothing is written anywhere else, nothing is replaced, and the folder is
/// bounded: at most `maxFiles` bundles and `maxTotalBytes` in all, each one at most
/// `maxBundleBytes`. Owner of the files: the user (an assistant only adds; the user removes).
struct BundleFolder {
  static let name = "bundles"
  static let maxFiles = 16
  static let maxBundleBytes: Int64 = 64 << 20
  static let maxTotalBytes: Int64 = 256 << 20

  /// The folder's path.
  let path: String

  /// Why a name or the folder cannot take another bundle.
  struct Refusal: Error, CustomStringConvertible {
    var description: String
  }

  init(dataDirectory: String) {
    path = dataDirectory + "/" + Self.name
  }

  /// Whether `name` is a plain file name: letters, digits, `.`, `-`, `_`, not starting with a
  /// dot (no dotfile, no `..`), no folder, at most 100 characters.
  static func isPlain(_ name: String) -> Bool {
    guard (1...100).contains(name.utf8.count), let first = name.utf8.first, first != UInt8(ascii: ".") else {
      return false
    }
    return name.utf8.allSatisfy { b in
      (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2E
        || b == 0x2D
        || b == 0x5F
    }
  }

  /// Makes the folder if it is missing; refuses one that is a link or not a folder.
  func prepare() throws {
    var st = stat()
    if lstat(path, &st) != 0 {
      guard errno == ENOENT else {
        throw Refusal(description: "cannot read \(path): \(String(cString: strerror(errno)))")
      }
      guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
        throw Refusal(description: "cannot make \(path): \(String(cString: strerror(errno)))")
      }
      guard lstat(path, &st) == 0 else { throw Refusal(description: "cannot read \(path)") }
    }
    guard (st.st_mode & S_IFMT) == S_IFDIR else {
      throw Refusal(
        description: "\(path) is not a folder (a link or a file): bundles are not written through it")
    }
  }

  /// The room left: the bytes the next bundle may take. Throws when the folder is full.
  func room() throws -> Int64 {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    var used: Int64 = 0
    var files = 0
    for name in names where !name.hasPrefix(".") {
      var st = stat()
      guard lstat(path + "/" + name, &st) == 0 else { continue }
      used += Int64(st.st_size)
      files += 1
    }
    guard files < Self.maxFiles else {
      throw Refusal(
        description:
          "\(path) holds \(files) bundles, its bound is \(Self.maxFiles): the user removes old ones first")
    }
    let left = Self.maxTotalBytes - used
    guard left > 0 else {
      throw Refusal(
        description:
          "\(path) holds \(used) bytes, its bound is \(Self.maxTotalBytes): the user removes old ones first")
    }
    return min(left, Self.maxBundleBytes)
  }

  /// The path for a bundle: `name` when given (plain, new), else one the tool makes from the
  /// time, `bundle-YYYYMMDD-HHMMSS[-N].jsonl`, free at the moment.
  func target(named name: String?, now: Int64) throws -> String {
    if let name {
      guard Self.isPlain(name) else {
        throw Refusal(
          description:
            "parameter \"name\" must be a plain file name (letters, digits, '.', '-', '_'; not starting with a dot; at most 100), not \(String(reflecting: String(name.prefix(100))))"
        )
      }
      return path + "/" + name
    }
    let stamp = ISOTime.format(millis: now).filter { $0.isNumber }.prefix(14)
    let day = stamp.prefix(8)
    let time = stamp.dropFirst(8)
    for n in 1...Self.maxFiles + 1 {
      let candidate = path + "/bundle-\(day)-\(time)\(n == 1 ? "" : "-\(n)").jsonl"
      var st = stat()
      if lstat(candidate, &st) != 0 { return candidate }
    }
    throw Refusal(description: "no free bundle name in \(path)")
  }
}
