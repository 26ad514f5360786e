import EventStore
import Foundation
import GalleryCore

/// One piece of long work a request follows with `$/progress`.
struct WatchedWork {
  let id: Int
  let work: WorkProgress
  let progress: Progress
  /// The percentage last seen, so a change that did not move the work reports nothing.
  var lastPercent = 0
}

/// `$/progress` for an action whose method declares `WorkProgress` (an upload) and that was
/// given a `workDoneToken`: reports follow the published states and end when the work
/// finishes, fails or is interrupted.
extension GalleryServer {
  /// Starts reporting the work `outcome` started; ends at once if it is already over.
  func watch(_ work: WorkProgress, startedBy outcome: Store.Outcome, token: JSONValue) {
    guard token != .null, let id = work.started(outcome) else { return }
    let progress = Progress(token: token, connection: connection, title: progressTitle(work.title))
    // No change can be published between the check and the registration.
    store.withPublishedState { _, state in
      if work.percent(id, state) != nil {
        session.withLock { $0.watchedWork.append(WatchedWork(id: id, work: work, progress: progress)) }
      } else {
        progress.end()
      }
    }
  }

  /// Called with every published change and the work `watched` when it was taken: reports
  /// or ends each.
  func reportWork(_ change: Store.StateChange, _ watched: [WatchedWork]) {
    // Publishing runs on one thread at a time, in version order: only `watch` adds meanwhile.
    guard !watched.isEmpty else { return }
    var kept: [WatchedWork] = []
    for var item in watched {
      guard let percent = item.work.percent(item.id, change.state) else {
        item.progress.end()
        continue
      }
      if percent != item.lastPercent {
        item.progress.report(done: percent, total: 100)
        item.lastPercent = percent
      }
      kept.append(item)
    }
    session.withLock { $0.watchedWork = kept + $0.watchedWork.dropFirst(watched.count) }
  }
}
