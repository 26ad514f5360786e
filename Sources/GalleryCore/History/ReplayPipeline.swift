import EventStore
import Foundation
import Guarded

/// Hands `Replay.fold` the events of a log in order while a second thread reads and checks
/// lines ahead, so reading, decoding and folding share two cores.
///
/// The reader thread fills a bounded queue with batches of records; both threads decode:
/// the folding thread the oldest batch it needs next, the reader the newest once the queue is
/// full. Whichever side is slower gets help, and memory stays flat (at most `capacity`
/// batches in flight). Failures travel in the queue, so every event before a bad line is
/// still folded first, exactly as a one-thread replay would.
///
/// Unchecked Sendable: the cursor (not Sendable: one reader at a time) is the reader
/// thread's from `init` until `finish` returns, then the caller's again; every other member
/// is a `let` or lives in `line`.
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

  /// The batches between the two threads, and where each side is.
  private struct Line {
    var queue: [Batch] = []
    /// Index of the oldest batch still in `queue` (a ring would save little at this size).
    var head = 0
    var readerDone = false
    var readerExited = false
    var cancelled = false
  }

  /// What the folding side does next with the oldest batch.
  private enum Take {
    case end
    case decode([EventRecord])
    case wait
  }

  /// What the reader does next when the queue may be full.
  private enum Room {
    case stop
    case free
    case decode([EventRecord])
  }

  private let cursor: LogCursor
  private let line = Guarded(Line())

  init(_ cursor: LogCursor) {
    // Every data object is parsed (and so checked) by the decoder: the reader only delimits it.
    cursor.checksData = false
    self.cursor = cursor
    let thread = Thread { [self] in read() }
    thread.name = "replay-reader"
    thread.start()
  }

  /// The next batch of events in log order (empty at the end), or the failure that ends the
  /// log after them: the caller folds the events first, then throws. Its waits have no
  /// deadline: the reader ends every one (a batch, the end, or its failure).
  func next() -> (events: [Event], records: [EventRecord], failure: (any Error)?) {
    let take = line.wait(until: nil) { l -> Take? in
      guard l.head < l.queue.count else { return l.readerDone ? .end : nil }
      guard !l.queue[l.head].claimed else { return .wait }
      l.queue[l.head].claimed = true
      return .decode(l.queue[l.head].records)
    }!
    switch take {
    case .end: return ([], [], nil)
    case .decode(let records):
      // Only this thread moves `head`: the batch is still the oldest once decoded.
      let result = Self.decode(records)
      line.change { l in
        l.queue[l.head].events = result.events
        l.queue[l.head].decodeFailure = result.failure
        l.queue[l.head].decoded = true
      }
    case .wait: break
    }
    let batch = line.wait(until: nil) { l -> Batch? in
      guard l.queue[l.head].decoded else { return nil }
      let batch = l.queue[l.head]
      l.head += 1
      if l.head > Self.capacity * 4 {
        l.queue.removeFirst(l.head)
        l.head = 0
      }
      return batch
    }!
    line.wakeAll()
    return (batch.events, batch.records, batch.decodeFailure ?? batch.readFailure)
  }

  /// Stops the reader (the fold ended early or failed) and waits until it has let go of
  /// the cursor, so the caller may use it again.
  func finish() {
    line.change { $0.cancelled = true }
    _ = line.wait(until: nil) { $0.readerExited ? true : nil }
  }

  private func read() {
    var done = false
    reading: while !done {
      var records: [EventRecord] = []
      records.reserveCapacity(Self.batchSize)
      var failure: (any Error)?
      do {
        while records.count < Self.batchSize, let r = try cursor.next() { records.append(r) }
      } catch {
        failure = error
      }
      done = failure != nil || records.count < Self.batchSize
      while true {
        let room = line.wait(until: nil) { l -> Room? in
          if l.cancelled { return .stop }
          if l.queue.count - l.head < Self.capacity { return .free }
          // Full: the folding side is behind, so decode the newest batch nobody has taken.
          guard let i = l.queue.indices.last(where: { $0 > l.head && !l.queue[$0].claimed }) else {
            return nil
          }
          l.queue[i].claimed = true
          return .decode(l.queue[i].records)
        }!
        switch room {
        case .stop: break reading
        case .free: break
        case .decode(let pending):
          let result = Self.decode(pending)
          line.change { l in
            // The queue may have been compacted meanwhile: find the batch by its first record.
            if let j = l.queue.indices.first(where: { l.queue[$0].records.first?.seq == pending.first?.seq })
            {
              l.queue[j].events = result.events
              l.queue[j].decodeFailure = result.failure
              l.queue[j].decoded = true
            }
          }
          continue
        }
        break
      }
      line.change { l in
        if !records.isEmpty || failure != nil {
          l.queue.append(Batch(records: records, readFailure: failure))
        }
        if done { l.readerDone = true }
      }
    }
    line.change { l in
      l.readerDone = true
      l.readerExited = true
    }
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
            writtenByNewerBuild: (error as? EventDecodingError)?.writtenByNewerBuild ?? false,
            isBase: record.type == EventLine.baseType)
        )
      }
    }
    return (events, nil)
  }
}
