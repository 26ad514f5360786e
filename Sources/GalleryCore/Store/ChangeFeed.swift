import Foundation

/// Hands every new state to the store's observers in version order, outside the store's
/// lock. The store queues each change while it appends (under its own lock, so the queue
/// is in version order); the appending thread then delivers whatever is queued after
/// unlocking. Deliveries are serialised by `delivery`, never by the store's lock, so an
/// observer may read the store, and an append is never held up by an observer's work.
final class ChangeFeed: @unchecked Sendable {
  typealias Observer = @Sendable (Store.StateChange) -> Void

  /// Guards `queued` and `observers`; taken inside the store's lock, never around it.
  private let lock = NSLock()
  /// Held while changes are handed to observers, so they see them one at a time, in order.
  private let delivery = NSLock()
  /// What is queued: the first change in `next` (no allocation for the usual one), any
  /// further ones in `more`.
  private var next: Store.StateChange?
  private var more: [Store.StateChange] = []
  private var observers: [(id: Int, handler: Observer)] = []
  /// The handlers of `observers`, kept so a delivery does not build the list again.
  private var handlers: [Observer] = []
  private var nextID = 0

  /// Queues `change`; call under the store's lock so the queue follows the log.
  func enqueue(_ change: Store.StateChange) {
    lock.lock()
    defer { lock.unlock() }
    guard !observers.isEmpty else { return }
    if next == nil { next = change } else { more.append(change) }
  }

  /// Takes what is queued and who is to get it; call under the store's lock, together with
  /// reading the state the taken changes lead to.
  func take() -> (changes: [Store.StateChange], observers: [Observer]) {
    lock.lock()
    defer { lock.unlock() }
    guard let first = next else { return ([], handlers) }
    next = nil
    if more.isEmpty { return ([first], handlers) }
    defer { more = [] }
    return ([first] + more, handlers)
  }

  /// Adds an observer; call under the store's lock, after `take`, so it sees exactly the
  /// changes that follow the state it was handed.
  func add(_ handler: @escaping Observer) -> Int {
    lock.lock()
    defer { lock.unlock() }
    nextID += 1
    observers.append((nextID, handler))
    handlers = observers.map(\.handler)
    return nextID
  }

  func remove(_ id: Int) {
    lock.lock()
    defer { lock.unlock() }
    observers.removeAll { $0.id == id }
    handlers = observers.map(\.handler)
  }

  /// Whether nobody observes (then nothing is ever queued).
  private var isIdle: Bool {
    lock.lock()
    defer { lock.unlock() }
    return observers.isEmpty && next == nil
  }

  /// Runs `body` while no other delivery can run: what it sends is ordered against every
  /// change delivered before and after it.
  func exclusively<T>(_ body: () throws -> T) rethrows -> T {
    delivery.lock()
    defer { delivery.unlock() }
    return try body()
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
