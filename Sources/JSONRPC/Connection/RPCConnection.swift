import Dispatch
import Foundation
import Guarded
import JSON
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Owns the connection's bytes: reads and frames the input, writes framed messages in the
/// order they are sent, from any thread. stdout carries protocol bytes and nothing else.
public final class RPCConnection: Sendable {
  private let input: Int32
  private let output: Int32
  /// The reader's decoder as it starts (`run` owns its copy: only the reader reads).
  private let firstDecoder: FrameDecoder
  /// What is on its way out and who waits for it.
  private struct Outbox {
    var pending: [UInt8] = []
    /// The last whole write's buffer, emptied, for `pending` to grow into next (a read's
    /// messages then queue with no allocation). Bound: kept only up to `spareBytes`.
    var spare: [UInt8] = []
    var queued = 0
    var written = 0
    /// Bytes written to the client so far: what a waiting sender watches for progress.
    var writtenBytes = 0
    var writerStarted = false
    /// Set while the reader handles one read's messages: sends only queue (see `cork`).
    var corked = false
    /// Set while some thread is in `write`, so bytes never interleave.
    var writing = false
    /// Threads waiting in `flush`.
    var flushing = 0
    /// Threads waiting in `waitForBacklog`.
    var pacing = 0
    var writeFailed = false
    /// The framing in use, once the reader detected it.
    var detected: Framing?
    /// The backlog passed `BacklogBound.bytes`: what was queued is dropped and so is every
    /// later send (the connection is being closed).
    var overflowed = false
    /// The last write took part of a message (its rest is still queued).
    var midMessage = false
    /// `stopWriter` was called: the writer thread ends once nothing is queued.
    var stopping = false
    var writerEnded = false

    /// Takes what the next write sends, up to `writeSliceBytes`, and marks it under way; nil
    /// when nothing is queued or another write is under way. `count`: the messages it
    /// completes (nil when it is part of one).
    mutating func takeSlice() -> (bytes: [UInt8], count: Int?)? {
      guard !writing, !pending.isEmpty else { return nil }
      writing = true
      if pending.count <= RPCConnection.writeSliceBytes {
        var taken = spare
        spare = []
        swap(&taken, &pending)
        midMessage = false
        return (taken, queued)
      }
      // Part of a message: `written` (whole messages) moves once the queue is empty.
      midMessage = true
      defer { pending.removeFirst(RPCConnection.writeSliceBytes) }
      return (Array(pending[..<RPCConnection.writeSliceBytes]), nil)
    }

    /// Records a write's end; `buffer` (its bytes, emptied) becomes the spare.
    mutating func wrote(_ bytes: Int, count: Int?, failed: Bool, buffer: consuming [UInt8]) {
      if buffer.capacity <= RPCConnection.spareBytes, buffer.capacity > spare.capacity { spare = buffer }
      writing = false
      if let count { written = count }
      writtenBytes += bytes
      if failed { writeFailed = true }
    }
  }
  private let outbox: Guarded<Outbox>
  /// Where `send(writing:)` writes a message before queueing it, kept between sends (no
  /// allocation per message). Owner: this connection, under its own lock (taken before the
  /// queue's, never while holding it). Bound: a message over `spareBytes` that grew it has
  /// it replaced by a fresh one, so it keeps at most twice that.
  private let scratch = Mutex(JSONOutput(capacity: 1024))
  /// The most bytes that may wait for a client that does not read (nil: no bound, for the
  /// owner's own stdio, whose client the process serves).
  private let backlogBound: BacklogBound?

  /// How many bytes may wait unread before the connection gives up on its client, and what it
  /// does then: an attached client that stops reading must not grow the core.
  public struct BacklogBound: Sendable {
    /// Past this many queued bytes the queue is dropped.
    public var bytes: Int
    /// The last message queued in their place (a notification saying why), written if the
    /// client ever reads again.
    public var farewell: @Sendable (Int) -> [UInt8]
    /// Called once, outside the queue's lock, when the bound is passed (it ends the reading:
    /// shuts the socket down); it must not block.
    public var passed: @Sendable () -> Void

    public init(
      bytes: Int, farewell: @escaping @Sendable (Int) -> [UInt8], passed: @escaping @Sendable () -> Void
    ) {
      self.bytes = bytes
      self.farewell = farewell
      self.passed = passed
    }
  }

  public init(
    input: Int32, output: Int32, framing: FramingChoice, maxMessageBytes: Int,
    backlogBound: BacklogBound? = nil
  ) {
    self.input = input
    self.output = output
    self.backlogBound = backlogBound
    let decoder = FrameDecoder(choice: framing, maxMessageBytes: maxMessageBytes)
    self.firstDecoder = decoder
    self.outbox = Guarded(Outbox(detected: decoder.framing))
  }

  /// The framing in use (detected from the first byte unless forced).
  public var framing: Framing? { outbox.withLock { $0.detected } }

  /// Frames `message` and queues it after everything sent before it, from any thread. The
  /// writer thread writes whatever has queued up in one write, so a `state/changed` and the
  /// answer that follows it usually reach the client together.
  public func send(_ message: JSONValue) {
    send(encoded: JSONWriter.bytes(message))
  }

  /// `send` for a message already written as JSON (one object, compact): a large notification
  /// built from bytes that are JSON already, without a tree in between.
  public func send(encoded body: [UInt8]) {
    let (startWriter, corked, passed) = outbox.withLock { o -> (Bool, Bool, Bool) in
      guard !o.overflowed else { return (false, true, false) }
      (o.detected ?? .ndjson).append(body, to: &o.pending)
      return queued(&o)
    }
    if passed { backlogBound?.passed() }
    queued(startWriter: startWriter, corked: corked)
  }

  /// `send` for a message `body` writes (compact JSON, one message): written into the
  /// connection's scratch output, then queued with one copy. `body` only writes bytes.
  public func send(writing body: (inout JSONOutput) -> Void) {
    let (startWriter, corked, passed) = scratch.withLock { message in
      message.removeAll()
      body(&message)
      let outcome = message.withUnsafeBytes { bytes in
        outbox.withLock { o -> (Bool, Bool, Bool) in
          guard !o.overflowed else { return (false, true, false) }
          (o.detected ?? .ndjson).append(bytes, to: &o.pending)
          return queued(&o)
        }
      }
      if message.count > Self.spareBytes { message = JSONOutput(capacity: 1024) }
      return outcome
    }
    if passed { backlogBound?.passed() }
    queued(startWriter: startWriter, corked: corked)
  }

  /// Counts the message just queued (under the queue's lock): whether to start the writer,
  /// whether the queue is corked, whether the backlog bound was just passed.
  private func queued(_ o: inout Outbox) -> (Bool, Bool, Bool) {
    o.queued += 1
    let passed = backlogBound != nil && overflow(&o)
    let start = !o.writerStarted
    o.writerStarted = true
    return (start, o.corked, passed)
  }

  /// Past the backlog bound: drops what is queued (whole messages only: a message partly
  /// written is not followed by anything) and queues the farewell instead; whether it just
  /// passed. Runs under the queue's lock.
  private func overflow(_ o: inout Outbox) -> Bool {
    guard let bound = backlogBound, o.pending.count > bound.bytes else { return false }
    let dropped = o.pending.count
    o.overflowed = true
    o.pending = []
    if !o.midMessage { (o.detected ?? .ndjson).append(bound.farewell(dropped), to: &o.pending) }
    return true
  }

  /// Whether the backlog bound was passed (the client is being disconnected).
  public var overflowed: Bool { outbox.withLock { $0.overflowed } }

  /// Ends the writer thread once what is queued is written or writing fails, waiting at most
  /// `seconds`; whether it ended. The owner of the descriptor calls it before closing it (after
  /// shutting the socket down, which makes a blocked write fail at once).
  @discardableResult
  public func stopWriter(within seconds: Double) -> Bool {
    let started = outbox.withLock { o -> Bool in
      o.stopping = true
      return o.writerStarted
    }
    guard started else { return true }
    outbox.wakeAll()
    return outbox.wait(until: Date(timeIntervalSinceNow: seconds)) { o -> Bool? in o.writerEnded ? true : nil
    }
      ?? false
  }

  /// After a message is queued: wakes the writer (unless corked) and starts it the first time.
  private func queued(startWriter: Bool, corked: Bool) {
    // Corked, the reader writes at uncork: waking the writer thread would cost a context switch.
    if !corked { outbox.wakeAll() }
    if startWriter {
      let thread = Thread { [self] in writerLoop() }
      thread.name = "gallery-rpc.writer"
      thread.start()
    }
  }

  /// The most one `write` takes from the queue, so a sender waiting on a slow reader sees
  /// progress at least every this many bytes.
  static let writeSliceBytes = 1 << 20

  /// Bytes sent but not yet taken by a write (at most `writeSliceBytes` more are in one under
  /// way): what a client that stops reading leaves queued.
  public var backlogBytes: Int { outbox.withLock { $0.pending.count } }

  /// Waits while more than `bytes` are queued, for as long as the client keeps reading and
  /// `wanted` holds: true once the backlog is at most `bytes`, false when no byte was written
  /// for `stall` seconds (the client stopped reading), writing failed, or `wanted` turned false
  /// (checked at each wake; `wakePacedSenders` wakes the waiters). Senders of bulk traffic (a
  /// subscription's catch-up) pace themselves with it instead of queueing without a bound.
  public func waitForBacklog(atMost bytes: Int, stall: Double, while wanted: () -> Bool = { true }) -> Bool {
    var progress = outbox.withLock { o -> Int in
      o.pacing += 1
      return o.writtenBytes
    }
    defer { outbox.withLock { $0.pacing -= 1 } }
    var deadline = Date(timeIntervalSinceNow: stall)
    while true {
      enum Step { case done(Bool), moved(Int) }
      // Checked at each wake: `wakePacedSenders` wakes it to ask `wanted` again.
      let step = outbox.wait(until: deadline) { o -> Step? in
        if o.pending.count <= bytes || o.writeFailed { return .done(!o.writeFailed) }
        if !wanted() { return .done(false) }
        if o.writtenBytes != progress { return .moved(o.writtenBytes) }
        return nil
      }
      switch step {
      case .done(let ok)?: return ok
      case .moved(let now)?:
        progress = now
        deadline = Date(timeIntervalSinceNow: stall)
      case nil:
        return false  // no byte written for `stall` seconds
      }
    }
  }

  /// Wakes the senders waiting in `waitForBacklog`, so they check whether they are still wanted.
  public func wakePacedSenders() {
    if outbox.withLock({ $0.pacing > 0 }) { outbox.wakeAll() }
  }

  /// Holds what is sent from now until `uncork`: the reader corks while it handles the
  /// messages of one read, so their `state/changed` and answers leave in one write made on
  /// the reader's own thread, with no wait for the writer thread to wake.
  public func cork() {
    outbox.withLock { $0.corked = true }
  }

  /// Writes everything queued (in order, in one write) on the calling thread, unless the
  /// writer thread is mid-write, in which case it takes the rest.
  public func uncork() {
    let slice = outbox.withLock { o -> (bytes: [UInt8], count: Int?)? in
      o.corked = false
      return o.takeSlice()
    }
    if let slice { write(slice) }
    // Whatever is left (or came meanwhile) is the writer thread's.
    if outbox.withLock({ !$0.pending.isEmpty }) { outbox.wakeAll() }
  }

  /// The largest emptied write buffer kept for the next messages (larger ones are freed).
  static let spareBytes = 64 << 10

  /// Writes one slice taken from the queue (no lock held), then records its end and wakes
  /// whoever waits on it.
  private func write(_ slice: consuming (bytes: [UInt8], count: Int?)) {
    let (count, written) = (slice.count, slice.bytes.count)
    var buffer = slice.bytes
    _ = consume slice
    let failed = !write(buffer)
    // Emptied while it is the only reference, so it keeps its capacity for the next messages.
    buffer.removeAll(keepingCapacity: true)
    let wake = outbox.withLock { o -> Bool in
      o.wrote(written, count: count, failed: failed, buffer: buffer)
      // Wake only whom it concerns: a waiting flush or paced sender, or the writer thread if
      // more queued meanwhile (a needless wake costs a context switch on the client's core).
      return o.flushing + o.pacing > 0 || !o.pending.isEmpty
    }
    if wake { outbox.wakeAll() }
  }

  /// Waits until every message sent so far is written, or `seconds` have passed (a client
  /// that stopped reading must not keep the process from exiting); returns whether all was.
  @discardableResult
  public func flush(within seconds: Double = 5) -> Bool {
    let target = outbox.withLock { o -> Int in
      o.flushing += 1
      return o.queued
    }
    defer { outbox.withLock { $0.flushing -= 1 } }
    return outbox.wait(until: Date(timeIntervalSinceNow: seconds)) { o -> Bool? in
      o.written >= target ? true : (o.writeFailed ? false : nil)
    } ?? false
  }

  /// The writer thread: writes whatever queues while not corked, for the process's life
  /// (it waits without a deadline: a send wakes it).
  private func writerLoop() {
    enum Next { case write((bytes: [UInt8], count: Int?)), end }
    while true {
      let next = outbox.wait(until: nil) { o -> Next? in
        if o.stopping, o.writeFailed || (o.pending.isEmpty && !o.writing) {
          o.writerEnded = true
          return .end
        }
        guard !o.corked else { return nil }
        return o.takeSlice().map(Next.write)
      }!
      guard case .write(let slice) = next else { break }
      write(slice)
    }
    outbox.wakeAll()
  }

  /// Writes every byte; false when the client went away (reading will end too).
  private func write(_ bytes: [UInt8]) -> Bool {
    var done = 0
    while done < bytes.count {
      let n = bytes[done...].withUnsafeBytes { Glibc.write(output, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        return false
      }
      done += n
    }
    return true
  }

  /// Reads until end of input or until `handle` returns false, handing over each framed item.
  /// `each` sees the items of one read together (pipelined requests arrive that way).
  public func run(_ handle: (FrameDecoder.Item) -> Bool) {
    run(chunks: { items in
      for item in items where !handle(item) { return false }
      return true
    })
  }

  /// Reads until end of input or until `handle` returns false, handing over the items of
  /// each read at once.
  public func run(chunks handle: ([FrameDecoder.Item]) -> Bool) {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var decoder = firstDecoder
    while true {
      let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if n < 0, errno == EINTR { continue }
      let items = n > 0 ? decoder.feed(buffer[0..<n]) : decoder.finish()
      let framing = decoder.framing
      outbox.withLock { $0.detected = framing }
      if !items.isEmpty, !handle(items) { return }
      if n <= 0 { return }
    }
  }
}
