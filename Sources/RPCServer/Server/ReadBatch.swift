import JSON

/// What one read of the input produced, carried through its handling as a value (never set
/// on the server) and flushed at its end in one order (`GalleryServer.flush`): the patch of
/// the changes it queued, the shared fsync, its answers, then the work that waited for them.
/// A long request on a worker thread carries one too (`immediate`): its answer goes at once.
struct ReadBatch {
  /// Whether appends defer their fsync to the read's end (the store's durability is `fsync`
  /// and the read is the reader's): their answers wait for one shared sync.
  let defersSync: Bool
  /// The first answer, held inline: a read usually carries one request, so its answer needs
  /// no list of its own (`answers` holds it and any later ones, in order).
  private var firstAnswer: HeldAnswer?
  private var laterAnswers: [HeldAnswer] = []
  /// An append deferred its fsync: `flush` syncs before the answers go.
  var needsSync = false
  /// Work to start once the answers are queued for writing (a subscription's first delivery
  /// comes after its `events/subscribe` answer).
  var afterAnswers: [@Sendable () -> Void] = []
  /// `initialize` was answered: the answers so far go now, and `state/changed` starts.
  var startsPublishing = false

  /// A read on the reader thread, under the store's `durability`.
  init(defersSync: Bool) { self.defersSync = defersSync }

  /// A long request's: nothing deferred, its answer sent as soon as it is made.
  static var immediate: ReadBatch { ReadBatch(defersSync: false) }

  /// Keeps `message` for the read's end.
  mutating func answer(_ answer: HeldAnswer) {
    if case .none = firstAnswer { firstAnswer = answer } else { laterAnswers.append(answer) }
  }

  /// Whether no answer is held.
  var hasNoAnswers: Bool {
    if case .none = firstAnswer { return true }
    return false
  }

  /// Hands over the answers held, in the order they were made (sent by `flush` after the
  /// sync), and holds none after.
  mutating func takeAnswers(_ each: (HeldAnswer) -> Void) {
    // Moved out, not copied: the batch holds none after.
    guard let first = firstAnswer.take() else { return }
    var later: [HeldAnswer] = []
    swap(&later, &laterAnswers)
    each(first)
    for answer in later { each(answer) }
  }
}
