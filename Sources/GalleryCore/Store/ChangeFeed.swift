import Synchronization

/// Hands every new state to the store's observers in version order, outside the store's
/// lock. The store queues each change while it appends (under its own lock, so the queue
/// is in version order); the appending thread then delivers whatever is queued after
/// unlocking. Deliveries are serialised by `delivery`, never by the store's lock, so an
/// observer may read the store, and an append is never held up by an observer's work.
final class ChangeFeed: Sendable {
  typealias Observer = @Sendable (Store.StateChange) -> Void

  /// What is queued and who observes.
  private struct Queue {
    /// The first change queued in `next` (no allocation for the usual one), any further
    /// ones in `more`.
    var next: Store.StateChange?
    var more: [Store.StateChange] = []
    var observers: [(id: Int, handler: Observer)] = []
    /// The handlers of `observers`, kept so a delivery does not build the list again.
    var handlers: [Observer] = []
    var nextID = 0
  }

  /// Taken inside the store's lock, never around it.
  private let queue = Mutex(Queue())
  /// Held while changes are handed to observers, so they see them one at a time, in order
  /// (held across the observers' work, which writes their notifications: that is its job).
  private let delivery = Mutex(())

  /// Queues `change`; call under the store's lock so the queue follows the log.
  func enqueue(_ change: Store.StateChange) {
    queue.withLock { queue in
      guard !queue.observers.isEmpty else { return }
      if queue.next == nil { queue.next = change } else { queue.more.append(change) }
    }
  }

  /// Takes what is queued and who is to get it; call under the store's lock, together with
  /// reading the state the taken changes lead to.
  func take() -> (changes: [Store.StateChange], observers: [Observer]) {
    queue.withLock { queue in
      guard let first = queue.next else { return ([], queue.handlers) }
      queue.next = nil
      if queue.more.isEmpty { return ([first], queue.handlers) }
      defer { queue.more = [] }
      return ([first] + queue.more, queue.handlers)
    }
  }

  /// Adds an observer; call under the store's lock, after `take`, so it sees exactly the
  /// changes that follow the state it was handed.
  func add(_ handler: @escaping Observer) -> Int {
    queue.withLock { queue in
      queue.nextID += 1
      queue.observers.append((queue.nextID, handler))
      queue.handlers = queue.observers.map(\.handler)
      return queue.nextID
    }
  }

  func remove(_ id: Int) {
    queue.withLock { queue in
      queue.observers.removeAll { $0.id == id }
      queue.handlers = queue.observers.map(\.handler)
    }
  }

  /// Whether nobody observes (then nothing is ever queued).
  private var isIdle: Bool {
    queue.withLock { $0.observers.isEmpty && $0.next == nil }
  }

  /// Runs `body` while no other delivery can run: what it sends is ordered against every
  /// change delivered before and after it.
  func exclusively<T>(_ body: () throws -> T) rethrows -> T {
    try delivery.withLock { _ in try body() }
  }

  /// Hands `changes` to `observers`, in order; call inside `exclusively`.
  func hand(_ changes: [Store.StateChange], to observers: [Observer]) {
    for change in changes { for observer in observers { observer(change) } }
  }

  /// Delivers everything queued, including the caller's own change, before returning.
  func deliverQueued() {
    if isIdle { return }
    exclusively {
      while true {
        let (changes, observers) = take()
        if changes.isEmpty { return }
        hand(changes, to: observers)
      }
    }
  }
}
