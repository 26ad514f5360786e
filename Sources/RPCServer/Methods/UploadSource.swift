import Foundation
import GalleryCore

/// The file `account/upload` names: a path on this machine, or bytes sent as base64 (kept
/// under the data directory first). Exactly one of `path` and `data` is given; every check
/// a path gets, the bytes get too, and the size is bounded before anything is decoded.
enum UploadSource {
  static func file(_ p: Params, context: MethodContext) throws(RPCError) -> UploadFile {
    let path = try p.optionalString("path")
    let data = try p.optionalString("data", maxBytes: UploadFile.maxBase64Bytes + 4)
    let fileName = try p.optionalString("fileName")
    switch (path, data) {
    case (let path?, nil):
      do {
        var file = try UploadFile.inspect(path)
        if let fileName { file.fileName = try UploadFile.checkedName(fileName) }
        return file
      } catch { throw RPCError.invalidParams("\(error)") }
    case (nil, let data?):
      guard let fileName else { throw RPCError.invalidParams("missing parameter \"fileName\" (with data)") }
      // A data URL's header (`data:image/png;base64,`) is accepted and dropped.
      let encoded =
        data.hasPrefix("data:")
        ? String(data[(data.firstIndex(of: ",") ?? data.startIndex)...].dropFirst()) : data
      guard let bytes = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters), !encoded.isEmpty
      else {
        throw RPCError.invalidParams("parameter \"data\" is not base64")
      }
      // What earlier uploads staged and the state no longer names goes first: the folder
      // holds the upload the state names and this one, no more.
      if let inUse = context.stagedInUse {
        StagedUploads.sweep(dataDirectory: context.dataDirectory, keeping: inUse())
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
