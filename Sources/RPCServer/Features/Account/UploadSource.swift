import Foundation
import GalleryCore

/// The file `account/upload` names: a path on this machine, or bytes sent as base64 (kept
/// under the data directory first). Exactly one of `path` and `data` is given; every check
/// a path gets, the bytes get too, and the size is bounded before anything is decoded.
enum UploadSource {
  /// The longest data URL header accepted before the bytes.
  static let maxDataURLHeader = 128

  /// The file's path on this machine.
  static let path = MethodParam<String?>.optionalString(
    "path", group: "file", "the file's path on this machine")
  /// The file's bytes, base64. Room for a data URL's header (`data:image/png;base64,`) besides
  /// the largest file's text.
  static let data = MethodParam<String?>.optionalString(
    "data", maxBytes: UploadFile.maxBase64Bytes + maxDataURLHeader, group: "file",
    "the file's bytes, base64 (at most 10 MB once decoded); kept under the data directory's uploads/ until uploaded"
  )
  /// The name shown while uploading.
  static let fileName = MethodParam<String?>.optionalString(
    "fileName",
    "the name shown while uploading (required with data; with path, the file's own name by default)")

  static func file(path: String?, data: String?, fileName: String?, context: MethodContext) throws(RPCError)
    -> UploadFile
  {
    switch (path, data) {
    case (let path?, nil):
      do {
        var file = try UploadFile.inspect(path)
        // Staged bytes sent again by their path stay staged: removed once uploaded.
        if StagedUploads.holds(file.path, dataDirectory: context.dataDirectory) { file.staged = true }
        if let fileName { file.fileName = try UploadFile.checkedName(fileName) }
        return file
      } catch { throw RPCError.invalidParams("\(error)") }
    case (nil, let data?):
      guard let fileName else { throw RPCError.invalidParams("missing parameter \"fileName\" (with data)") }
      // A data URL's header (`data:image/png;base64,`) is accepted and dropped.
      var encoded = Substring(data)
      if data.hasPrefix("data:") {
        guard let comma = data.firstIndex(of: ","),
          data.distance(from: data.startIndex, to: comma) < Self.maxDataURLHeader,
          data[..<comma].hasSuffix(";base64")
        else {
          throw RPCError.invalidParams("parameter \"data\": a data URL must be data:TYPE;base64,BYTES")
        }
        encoded = data[data.index(after: comma)...]
      }
      let bytes: [UInt8]
      do { bytes = try UploadFile.decodeBase64(String(encoded)) } catch {
        throw RPCError.invalidParams("parameter \"data\": \(error)")
      }
      // What earlier uploads staged and the state no longer names goes first: the folder
      // holds the upload the state names and this one, no more.
      if let state = context.currentState {
        StagedUploads.sweep(dataDirectory: context.dataDirectory, keeping: StagedUploads.inUse(state()))
      }
      do { return try UploadFile.stage([UInt8](bytes), fileName: fileName, in: context.dataDirectory) } catch
      {
        throw RPCError.invalidParams("\(error)")
      }
    case (nil, nil):
      throw RPCError.invalidParams("give the file as \"path\" or as \"data\" (base64) with \"fileName\"")
    case (_?, _?):
      throw RPCError.invalidParams("give \"path\" or \"data\", not both")
    }
  }
}
