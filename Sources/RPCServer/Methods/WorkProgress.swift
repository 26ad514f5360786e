import GalleryCore

/// How an action's long work reports `$/progress` to a `workDoneToken`, declared by its
/// method: which work the action's events started, and how far it is in each published state.
/// The server reports every tenth of the way and ends the progress when the work is over.
public struct WorkProgress: Sendable {
  /// The begin report's title: a message code (`account.uploading`), shown in the app's language.
  let title: String
  /// The work the recorded events started (an id the state keeps), or nil: nothing to follow.
  let started: @Sendable (Store.Outcome) -> Int?
  /// How far the work `id` is in `state`, from 0 to 100, or nil once it is over.
  let percent: @Sendable (_ id: Int, _ state: AppState) -> Int?

  public init(
    title: String, started: @escaping @Sendable (Store.Outcome) -> Int?,
    percent: @escaping @Sendable (_ id: Int, _ state: AppState) -> Int?
  ) {
    self.title = title
    self.started = started
    self.percent = percent
  }
}
