import EventStore
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

  /// The most base64 text `stage` is given: the encoding of `maxBytes` bytes.
  public static let maxBase64Bytes = (maxBytes + 2) / 3 * 4

  /// Checks bytes a frontend sent (`data`) as `read` checks a file, and keeps them under
  /// `directory/uploads/` (named by their SHA-256, so the same image is kept once) for the
  /// upload to read, as it reads a path.
  public static func stage(_ bytes: [UInt8], fileName: String, in directory: String) throws(Problem)
    -> UploadFile
  {
    guard !bytes.isEmpty else { throw Problem(description: "data is empty") }
    guard bytes.count <= maxBytes else {
      throw Problem(description: "data has \(bytes.count) bytes; the limit is \(maxBytes) (10 MB)")
    }
    guard let mime = mimeType(bytes) else {
      throw Problem(description: "data is not an image (JPEG, PNG, GIF, WebP or BMP)")
    }
    let name = try checkedName(fileName)
    let folder = directory + "/uploads"
    let path = "\(folder)/\(SHA256.hex(bytes)).\(mime.split(separator: "/").last ?? "img")"
    do {
      // The bytes an upload sends are the owner's alone: nobody else may rewrite them.
      try OwnerOnly.makeFolder(folder)
      try AtomicFile.write(bytes, to: path)
    } catch {
      throw Problem(description: "data could not be kept for the upload: \(error.localizedDescription)")
    }
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    return UploadFile(path: absolute, fileName: name, byteCount: bytes.count, mimeType: mime, staged: true)
  }

  /// `fileName` trimmed, if it is a file name (no `/`) of 1 to 255 bytes.
  public static func checkedName(_ fileName: String) throws(Problem) -> String {
    let name = fileName.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty, name.utf8.count <= 255, !name.contains("/"), !name.contains("\0") else {
      throw Problem(description: "fileName must be a file name (no /) of 1 to 255 bytes")
    }
    return name
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
    func starts(_ p: String, at offset: Int) -> Bool {
      let bytes = Array(p.utf8)
      return b.count >= offset + bytes.count && Array(b[offset..<(offset + bytes.count)]) == bytes
    }
    // More than the magic bytes: each format's smallest whole file has these.
    switch b.first {
    case 0xFF:
      // A JPEG ends with its EOI marker (a few bytes of padding after it are common).
      let tail = b.suffix(64)
      let ends = zip(tail, tail.dropFirst()).contains { $0 == 0xFF && $1 == 0xD9 }
      return b.count >= 100 && ends ? "image/jpeg" : nil
    case 0x89: return b.count >= 67 && starts("IHDR", at: 12) ? "image/png" : nil
    case UInt8(ascii: "G"):
      return b.count >= 26 && (starts("GIF87a", at: 0) || starts("GIF89a", at: 0)) ? "image/gif" : nil
    case UInt8(ascii: "R"): return b.count >= 26 && starts("VP8", at: 12) ? "image/webp" : nil
    default: return "image/bmp"
    }
  }

  /// Decodes base64 strictly: the alphabet, `=` padding at the end and line breaks only; a
  /// text with anything else is refused naming the first byte that is not base64.
  public static func decodeBase64(_ text: String) throws(Problem) -> [UInt8] {
    var cleaned: [UInt8] = []
    cleaned.reserveCapacity(text.utf8.count)
    for (offset, c) in text.utf8.enumerated() {
      switch c {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
        cleaned.append(c)
      case UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: " "), UInt8(ascii: "\t"): continue
      default:
        let shown = c < 0x80 ? "'\(Character(UnicodeScalar(c)))'" : "a non-ASCII byte"
        throw Problem(description: "data is not base64: \(shown) at offset \(offset)")
      }
    }
    guard !cleaned.isEmpty else { throw Problem(description: "data is empty") }
    guard let bytes = Data(base64Encoded: Data(cleaned)) else {
      throw Problem(description: "data is not base64: its length or padding is wrong")
    }
    return [UInt8](bytes)
  }

  private static func quoted(_ path: String) -> String {
    "\"" + (path.count > 200 ? String(path.prefix(200)) + "…" : path) + "\""
  }
}
