import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Bytes a frontend sent for upload (`account/upload` with `data`), kept under
/// `DIR/uploads/` until the upload that names them is done. Owner: the Account feature.
/// Bound: the files the state names (the upload running, or the failed one kept so it can
/// be sent again), each at most `UploadFile.maxBytes`, plus the one being staged. Whatever
/// else is there is removed: at start-up, whenever new bytes are staged, and when an upload
/// succeeds.
public enum StagedUploads {
  /// The folder under the data directory.
  public static func folder(in dataDirectory: String) -> String { dataDirectory + "/uploads" }

  /// The staged files `state` still names (a cancelled upload's are gone with it).
  public static func inUse(_ state: AppState) -> Set<String> {
    guard let file = state.account.upload.request?.file, file.staged == true,
      state.account.upload.status != .cancelled
    else { return [] }
    return [file.path]
  }

  /// Whether `path` names a file in the folder (symbolic links resolved): bytes staged for
  /// an earlier upload that a frontend sends again by their path.
  public static func holds(_ path: String, dataDirectory: String) -> Bool {
    let parent = URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent()
    return parent.path == URL(fileURLWithPath: folder(in: dataDirectory)).resolvingSymlinksInPath().path
  }

  /// Removes every staged file but `keeping`; returns how many went.
  @discardableResult
  public static func sweep(dataDirectory: String, keeping: Set<String>) -> Int {
    let folder = folder(in: dataDirectory)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
    let kept = Set(keeping.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
    var removed = 0
    for name in names {
      let path = URL(fileURLWithPath: "\(folder)/\(name)").standardizedFileURL.path
      guard !kept.contains(path), unlink(path) == 0 else { continue }
      removed += 1
    }
    return removed
  }
}
