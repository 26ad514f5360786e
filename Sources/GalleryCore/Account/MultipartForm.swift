import Foundation

/// A `multipart/form-data` body (RFC 7578) with a random boundary.
struct MultipartForm {
  let boundary = "gallery-rpc-" + UUID().uuidString
  private var parts: [(head: String, content: Data)] = []

  var contentType: String { "multipart/form-data; boundary=\(boundary)" }

  /// Every part, each opened by the boundary, then the closing boundary.
  var body: Data {
    var out = Data()
    for part in parts {
      out.append(Data("--\(boundary)\r\n\(part.head)\r\n\r\n".utf8))
      out.append(part.content)
      out.append(Data("\r\n".utf8))
    }
    out.append(Data("--\(boundary)--\r\n".utf8))
    return out
  }

  /// A text field.
  mutating func add(_ name: String, _ value: String) {
    parts.append(("Content-Disposition: form-data; name=\"\(escaped(name))\"", Data(value.utf8)))
  }

  /// A file field.
  mutating func add(_ name: String, file: [UInt8], fileName: String, type: String) {
    parts.append(
      (
        "Content-Disposition: form-data; name=\"\(escaped(name))\"; filename=\"\(escaped(fileName))\"\r\nContent-Type: \(type)",
        Data(file)
      ))
  }

  /// Quotes and line breaks would end the header early.
  private func escaped(_ s: String) -> String {
    s.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }
}
