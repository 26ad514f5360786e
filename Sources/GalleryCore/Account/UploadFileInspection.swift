import Foundation

/// Checks a path a frontend names for upload: a readable regular file, an image by its
/// bytes (not its name), not empty and at most `UploadFile.maxBytes`.
extension UploadFile {
  /// Imgur's cap for images.
  public static let maxBytes = 10 * 1024 * 1024

  /// Why a path cannot be uploaded (the message names the path's problem).
  public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// The file at `path`, checked.
  public static func inspect(_ path: String) throws(Problem) -> UploadFile {
    let bytes = try read(path)
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    return UploadFile(
      path: absolute, fileName: String(URL(fileURLWithPath: absolute).lastPathComponent.prefix(255)),
      byteCount: bytes.count, mimeType: mimeType(bytes)!)
  }

  /// The bytes at `path`, with every check of `inspect` (the upload reads them again when it runs).
  public static func read(_ path: String) throws(Problem) -> [UInt8] {
    guard !path.isEmpty, !path.contains("\0"), path.utf8.count <= 4096 else {
      throw Problem(description: "path must be a file path of at most 4096 bytes")
    }
    var info = stat()
    guard stat(path, &info) == 0 else { throw Problem(description: "path \(quoted(path)) does not exist") }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw Problem(description: "path \(quoted(path)) is not a regular file")
    }
    guard Int(info.st_size) <= maxBytes else {
      throw Problem(
        description: "path \(quoted(path)) has \(info.st_size) bytes; the limit is \(maxBytes) (10 MB)")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw Problem(description: "path \(quoted(path)) cannot be read")
    }
    defer { try? handle.close() }
    // One byte past the cap: a file that grew since stat is still refused.
    let data: Data
    do { data = try handle.read(upToCount: maxBytes + 1) ?? Data() } catch {
      throw Problem(description: "path \(quoted(path)) cannot be read")
    }
    guard !data.isEmpty else { throw Problem(description: "path \(quoted(path)) is empty") }
    guard data.count <= maxBytes else {
      throw Problem(description: "path \(quoted(path)) is larger than \(maxBytes) bytes (10 MB)")
    }
    let bytes = [UInt8](data)
    guard mimeType(bytes) != nil else {
      throw Problem(description: "path \(quoted(path)) is not an image (JPEG, PNG, GIF, WebP or BMP)")
    }
    return bytes
  }

  /// The image type by magic bytes, nil if the bytes are not an image.
  public static func mimeType(_ b: [UInt8]) -> String? {
    guard ImageSource.looksLikeImage(b) else { return nil }
    switch b.first {
    case 0xFF: return "image/jpeg"
    case 0x89: return "image/png"
    case UInt8(ascii: "G"): return "image/gif"
    case UInt8(ascii: "R"): return "image/webp"
    default: return "image/bmp"
    }
  }

  private static func quoted(_ path: String) -> String {
    "\"" + (path.count > 200 ? String(path.prefix(200)) + "…" : path) + "\""
  }
}
