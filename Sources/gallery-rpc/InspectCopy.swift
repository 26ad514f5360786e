import Foundation

/// The data directory `serve --inspect FILE` serves: a fresh temporary one holding a copy of
/// the log or bundle as its `events.jsonl` (removed when the server stops).
enum InspectCopy {
  static func make(of file: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("gallery-inspect-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: file, toPath: directory + "/events.jsonl")
    return directory
  }
}
