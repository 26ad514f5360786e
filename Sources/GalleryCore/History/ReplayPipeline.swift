import EventStore
import Foundation

/// Hands `Replay.fold` the events of a log in order while a second thread reads and checks
/// lines ahead, so reading, decoding and folding share two cores.
///
/// The reader thread fills a bounded queue with batches of records; both threads decode:
/// the folding thread the oldest batch it needs next, the reader the newest once the queue is
/// full. Whichever side is slower gets help, and memory stays flat (at most `capacity`
/// batches in flight). Failures travel in the queue, so every event before a bad line is
/// still folded first, exactly as a one-thread replay would.
final class ReplayPipeline: @unchecked Sendable {
  /// Records per batch: enough to make the lock's cost vanish, few enough to start at once.
  static let batchSize = 256
  /// Batches in flight.
  static let capacity = 8

  private struct Batch {
    var records: [EventRecord]
    var events: [Event] = []
    /// Set once `events` holds every record's event (or the decoding failure).
    var decoded = false
    var claimed = false
    var decodeFailure: ReplayError?
    /// The reader failed after the last record of this batch.
    var readFailure: (any Error)?
  }

  private let cursor: LogCursor
  private let condition = NSCondition()
  private var queue: [Batch] = []
  /// Index of the oldest batch still in `queue` (a ring would save little at this size).
  private var head = 0
  private var readerDone = false
  private var readerExited = false
  private var cancelled = false

  init(_ cursor: LogCursor) {
    // Every data object is parsed (and so checked) by the decoder: the reader only delimits it.
    cursor.checksData = false
    self.cursor = cursor
    let thread = Thread { [self] in read() }
    thread.name = "replay-reader"
    thread.start()
  }

  /// The next batch of events in log order (empty at the end), or the failure that ends the
  /// log after them: the caller folds the events first, then throws.
  func next() -> (events: [Event], records: [EventRecord], failure: (any Error)?) {
    condition.lock()
    while head == queue.count && !readerDone { condition.wait() }
    guard head < queue.count else {
      condition.unlock()
      return ([], [], nil)
    }
    if !queue[head].claimed {
      queue[head].claimed = true
      let records = queue[head].records
      condition.unlock()
      let result = Self.decode(records)
      condition.lock()
      queue[head].events = result.events
      queue[head].decodeFailure = result.failure
      queue[head].decoded = true
    }
    while !queue[head].decoded { condition.wait() }
    let batch = queue[head]
    head += 1
    if head > Self.capacity * 4 {
      queue.removeFirst(head)
      head = 0
    }
    condition.broadcast()
    condition.unlock()
    return (batch.events, batch.records, batch.decodeFailure ?? batch.readFailure)
  }

  /// Stops the reader (the fold ended early or failed) and waits until it has let go of
  /// the cursor, so the caller may use it again.
  func finish() {
    condition.lock()
    cancelled = true
    condition.broadcast()
    while !readerExited { condition.wait() }
    condition.unlock()
  }

  private func read() {
    var done = false
    while !done {
      var records: [EventRecord] = []
      records.reserveCapacity(Self.batchSize)
      var failure: (any Error)?
      do {
        while records.count < Self.batchSize, let r = try cursor.next() { records.append(r) }
      } catch {
        failure = error
      }
      done = failure != nil || records.count < Self.batchSize
      condition.lock()
      while queue.count - head >= Self.capacity && !cancelled {
        // Full: the folding side is behind, so decode the newest batch nobody has taken.
        guard let i = queue.indices.last(where: { $0 > head && !queue[$0].claimed }) else {
          condition.wait()
          continue
        }
        queue[i].claimed = true
        let pending = queue[i].records
        condition.unlock()
        let result = Self.decode(pending)
        condition.lock()
        // The queue may have been compacted meanwhile: find the batch by its first record.
        if let j = queue.indices.first(where: { queue[$0].records.first?.seq == pending.first?.seq }) {
          queue[j].events = result.events
          queue[j].decodeFailure = result.failure
          queue[j].decoded = true
        }
        condition.broadcast()
      }
      if cancelled {
        condition.unlock()
        break
      }
      if !records.isEmpty || failure != nil {
        queue.append(Batch(records: records, readFailure: failure))
      }
      if done { readerDone = true }
      condition.broadcast()
      condition.unlock()
    }
    condition.lock()
    readerDone = true
    readerExited = true
    condition.broadcast()
    condition.unlock()
  }

  /// Decodes a batch; stops at the first record this build cannot read.
  private static func decode(_ records: [EventRecord]) -> (events: [Event], failure: ReplayError?) {
    var events: [Event] = []
    events.reserveCapacity(records.count)
    var decoder = EventRunDecoder()
    for record in records {
      do {
        events.append(try decoder.decode(record))
      } catch {
        return (
          events,
          ReplayError(
            seq: record.seq, reason: "\(error)",
            writtenByNewerBuild: (error as? EventDecodingError)?.writtenByNewerBuild ?? false)
        )
      }
    }
    return (events, nil)
  }
}
