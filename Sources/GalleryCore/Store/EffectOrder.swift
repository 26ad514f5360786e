import Synchronization

/// The order effect results are recorded in under the test clock: the order their effects
/// started, never the order they happen to finish. Each effect takes a ticket when it starts
/// (under the store's lock, so tickets are numbered in log order); its output (events, or the
/// actions a timer or a dispatch sends) waits for its turn, which comes once every effect that
/// started before it has recorded its output or sleeps on the clock (parked: time moves only
/// when a request moves it, so passing it is the same on every run). An effect that started
/// another during its work (an album's preview starting the thumbnail's download) ranks it
/// right after itself, before anything that started later. One turn at a time.
///
/// A provider that never answers keeps every later result waiting: `test/settle` reports it
/// (it waits for work in flight, and a result waiting for its turn is in flight).
///
/// Live (the system clock) there is no order: results record as they arrive, and the log is
/// the truth that replay reproduces.
///
/// Owner: the runtime, for its life. Bound: one entry per effect in flight (a ticket is
/// removed when its output is recorded), each holding at most one continuation and the
/// events its work recorded before it ended.
final class EffectOrder: Sendable {
  /// An effect's place in the order: its start, and under it the effects it started while
  /// working (`[3]` < `[3, 0]` < `[3, 1]` < `[4]`).
  struct Ticket: Hashable, Comparable, Sendable {
    let path: [Int]
    static func < (a: Ticket, b: Ticket) -> Bool { a.path.lexicographicallyPrecedes(b.path) }
  }

  /// The ticket whose work is running in this task (effects it starts rank under it).
  @TaskLocal static var working: Ticket?

  private struct Entry {
    /// Sleeping on the clock: later tickets may pass it.
    var parked = false
    /// How many effects its work started (the next child's index).
    var children = 0
    /// Events its work recorded before it ended, recorded at its turn before its own.
    var queued: [Event] = []
    /// Its turn, once it asked for one.
    var waiting: CheckedContinuation<Void, Never>?
  }

  private struct Book {
    var nextTop = 0
    var open: [Ticket: Entry] = [:]
    var holder: Ticket?
  }

  private let book = Mutex(Book())

  /// A ticket for an effect starting now (under the ticket whose work is running, if any).
  func begin() -> Ticket {
    let parent = Self.working
    return book.withLock { book in
      let ticket: Ticket
      if let parent, var entry = book.open[parent] {
        ticket = Ticket(path: parent.path + [entry.children])
        entry.children += 1
        book.open[parent] = entry
      } else {
        ticket = Ticket(path: [book.nextTop])
        book.nextTop += 1
      }
      book.open[ticket] = Entry()
      return ticket
    }
  }

  /// `ticket` sleeps on the clock (called by the clock as the sleep begins).
  func park(_ ticket: Ticket) {
    let next = book.withLock { book -> CheckedContinuation<Void, Never>? in
      book.open[ticket]?.parked = true
      return Self.grant(&book)
    }
    next?.resume()
  }

  /// `ticket`'s sleep ended (called by the clock as it moves, before the sleeper runs).
  func unpark(_ ticket: Ticket) {
    book.withLock { book in book.open[ticket]?.parked = false }
  }

  /// Keeps events the work of `ticket` recorded before it ended, for its turn.
  func queue(_ events: [Event], for ticket: Ticket) {
    book.withLock { book in book.open[ticket]?.queued += events }
  }

  /// Waits for `ticket`'s turn; returns the events its work queued.
  func turn(_ ticket: Ticket) async -> [Event] {
    await withCheckedContinuation { (wake: CheckedContinuation<Void, Never>) in
      let next = book.withLock { book -> CheckedContinuation<Void, Never>? in
        book.open[ticket]?.waiting = wake
        return Self.grant(&book)
      }
      next?.resume()
    }
    return book.withLock { book in
      defer { book.open[ticket]?.queued = [] }
      return book.open[ticket]?.queued ?? []
    }
  }

  /// `ticket` recorded its output: it leaves the order and the next turn is given.
  func finish(_ ticket: Ticket) {
    let next = book.withLock { book -> CheckedContinuation<Void, Never>? in
      book.open[ticket] = nil
      if book.holder == ticket { book.holder = nil }
      return Self.grant(&book)
    }
    next?.resume()
  }

  /// The turn to give, if one is due: to the earliest ticket that asked, once every earlier
  /// ticket is parked and nobody holds the turn.
  private static func grant(_ book: inout Book) -> CheckedContinuation<Void, Never>? {
    guard book.holder == nil else { return nil }
    for ticket in book.open.keys.sorted() {
      guard let entry = book.open[ticket] else { continue }
      if let wake = entry.waiting {
        book.open[ticket]?.waiting = nil
        book.holder = ticket
        return wake
      }
      if !entry.parked { return nil }
    }
    return nil
  }
}
