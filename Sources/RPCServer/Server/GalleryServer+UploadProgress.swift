import EventStore
import Foundation
import GalleryCore

/// `$/progress` for `account/upload` with a `workDoneToken`: reports follow the upload's
/// recorded progress events and end when it finishes, fails or is interrupted.
extension GalleryServer {
  /// Starts reporting the upload `events` started; ends at once if it is already over.
  func watchUpload(_ outcome: Store.Outcome, token: JSONValue) {
    guard token != .null, let requestID = outcome.first(AccountEvents.UploadStarted.self)?.requestID else {
      return
    }
    let progress = Progress(token: token, connection: connection, title: "uploading")
    // No upload event can be published between the check and the registration.
    store.withPublishedState { _, state in
      if state.account.upload.requestID == requestID && state.account.upload.status == .uploading {
        lock.lock()
        uploads[requestID] = progress
        lock.unlock()
      } else {
        progress.end()
      }
    }
  }

  /// Called with every published change: reports or ends the uploads being watched.
  func reportUploads(_ change: Store.StateChange) {
    lock.lock()
    let watched = uploads
    lock.unlock()
    guard !watched.isEmpty else { return }
    for (requestID, progress) in watched {
      let upload = change.state.account.upload
      if upload.requestID == requestID && upload.status == .uploading {
        if change.events.contains(where: { $0.type == AccountEvents.UploadProgressed.type }) {
          progress.report(done: Int(upload.progress * 100), total: 100)
        }
      } else {
        progress.end()
        lock.lock()
        uploads[requestID] = nil
        lock.unlock()
      }
    }
  }
}
