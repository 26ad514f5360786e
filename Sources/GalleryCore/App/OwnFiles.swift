import Foundation

/// The files a store may remove when it is handed their paths (a staged upload named by an
/// action or a recorded event): only its own, inside the data directory it serves. Live, a
/// staged upload is always there (`DATA/uploads/`); a rerun's store makes another session's
/// inputs again, whose paths name that session's directory, which it must never touch.
enum OwnFiles {
  /// Whether `path` lies inside `directory` (after `.` and `..` are resolved).
  static func contains(_ path: String, in directory: String) -> Bool {
    let file = URL(fileURLWithPath: path).standardizedFileURL.path
    let root = URL(fileURLWithPath: directory).standardizedFileURL.path
    return file.hasPrefix(root.hasSuffix("/") ? root : root + "/")
  }

  /// Removes `path` if it is `directory`'s own; a path outside it is left alone.
  static func remove(_ path: String, ownedBy directory: String) {
    guard contains(path, in: directory) else { return }
    try? FileManager.default.removeItem(atPath: path)
  }
}
