import Synchronization

/// A rerun's requests: what the core asked of a service, the clock or the device, held
/// instead of run until the recording's answer is handed back (`Rerun`). Owner: the rerun's
/// store (its runtime adds, the rerun takes); bound: one entry per request the core makes
/// (a request asked again under the same tag replaces its entry), dropped with the store.
final class HeldRequests: Sendable {
  private struct Entry {
    var effect: Effect
    var order: Int
  }
  private let entries = Mutex<(held: [RequestTag: Entry], next: Int)>(([:], 0))

  /// Holds `effect`, which asks `tag`.
  func hold(_ effect: Effect, as tag: RequestTag) {
    entries.withLock { entries in
      entries.held[tag] = Entry(effect: effect, order: entries.next)
      entries.next += 1
    }
  }

  /// The effect that asked `tag`, if the core asked it (it stays held: a request may be
  /// answered more than once, an upload's progress and its end).
  func effect(asking tag: RequestTag) -> Effect? {
    entries.withLock { $0.held[tag]?.effect }
  }

  /// What is held, in the order it was asked: for a divergence's message.
  var tags: [RequestTag] {
    entries.withLock { $0.held.sorted { $0.value.order < $1.value.order }.map(\.key) }
  }

  /// Forgets everything held: the process the recording restarted lost it.
  func dropAll() {
    entries.withLock { $0.held = [:] }
  }
}
