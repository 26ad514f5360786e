import Dispatch
import Foundation
import JSON

#if canImport(Glibc)
  import Glibc
#endif

/// Owns the connection's bytes: reads and frames the input, writes framed messages in the
/// order they are sent, from any thread. stdout carries protocol bytes and nothing else.
public final class RPCConnection: @unchecked Sendable {
  private let input: Int32
  private let output: Int32
  private var decoder: FrameDecoder
  private let outgoing = NSCondition()
  private var pending: [UInt8] = []
  private var queued = 0
  private var written = 0
  /// Bytes written to the client so far: what a waiting sender watches for progress.
  private var writtenBytes = 0
  private var writerStarted = false
  /// Set while the reader handles one read's messages: sends only queue (see `cork`).
  private var corked = false
  /// Set while some thread is in `write`, so bytes never interleave.
  private var writing = false
  /// Threads waiting in `flush`.
  private var flushing = 0
  /// Threads waiting in `waitForBacklog`.
  private var pacing = 0
  private let lock = NSLock()
  private var detected: Framing?
  private var writeFailed = false

  public init(input: Int32, output: Int32, framing: FramingChoice, maxMessageBytes: Int) {
    self.input = input
    self.output = output
    self.decoder = FrameDecoder(choice: framing, maxMessageBytes: maxMessageBytes)
    self.detected = decoder.framing
  }

  /// The framing in use (detected from the first byte unless forced).
  public var framing: Framing? {
    lock.lock()
    defer { lock.unlock() }
    return detected
  }

  /// Frames `message` and queues it after everything sent before it, from any thread. The
  /// writer thread writes whatever has queued up in one write, so a `state/changed` and the
  /// answer that follows it usually reach the client together.
  public func send(_ message: JSONValue) {
    send(encoded: JSONWriter.bytes(message))
  }

  /// `send` for a message already written as JSON (one object, compact): a large notification
  /// built from bytes that are JSON already, without a tree in between.
  public func send(encoded body: [UInt8]) {
    lock.lock()
    let bytes = (detected ?? .ndjson).frame(body)
    lock.unlock()
    outgoing.lock()
    pending += bytes
    queued += 1
    // Corked, the reader writes at uncork: waking the writer thread would cost a context switch.
    if !corked { wakeWriter() }
    outgoing.unlock()
    startWriterOnce()
  }

  /// The most one `write` takes from the queue, so a sender waiting on a slow reader sees
  /// progress at least every this many bytes.
  static let writeSliceBytes = 1 << 20

  /// Bytes sent but not yet taken by a write (at most `writeSliceBytes` more are in one under
  /// way): what a client that stops reading leaves queued.
  public var backlogBytes: Int {
    outgoing.lock()
    defer { outgoing.unlock() }
    return pending.count
  }

  /// Waits while more than `bytes` are queued, for as long as the client keeps reading and
  /// `wanted` holds: true once the backlog is at most `bytes`, false when no byte was written
  /// for `stall` seconds (the client stopped reading), writing failed, or `wanted` turned false
  /// (checked at each wake; `wakePacedSenders` wakes the waiters). Senders of bulk traffic (a
  /// subscription's catch-up) pace themselves with it instead of queueing without a bound.
  public func waitForBacklog(atMost bytes: Int, stall: Double, while wanted: () -> Bool = { true }) -> Bool {
    outgoing.lock()
    pacing += 1
    defer {
      pacing -= 1
      outgoing.unlock()
    }
    var progress = writtenBytes
    var deadline = Date(timeIntervalSinceNow: stall)
    while pending.count > bytes, !writeFailed {
      guard wanted() else { return false }
      if !outgoing.wait(until: deadline), writtenBytes == progress { return false }
      if writtenBytes != progress {
        progress = writtenBytes
        deadline = Date(timeIntervalSinceNow: stall)
      }
    }
    return !writeFailed
  }

  /// Wakes the senders waiting in `waitForBacklog`, so they check whether they are still wanted.
  public func wakePacedSenders() {
    outgoing.lock()
    if pacing > 0 { outgoing.broadcast() }
    outgoing.unlock()
  }

  /// Holds what is sent from now until `uncork`: the reader corks while it handles the
  /// messages of one read, so their `state/changed` and answers leave in one write made on
  /// the reader's own thread, with no wait for the writer thread to wake.
  public func cork() {
    outgoing.lock()
    corked = true
    outgoing.unlock()
  }

  /// Writes everything queued (in order, in one write) on the calling thread, unless the
  /// writer thread is mid-write, in which case it takes the rest.
  public func uncork() {
    outgoing.lock()
    corked = false
    guard !writing, !pending.isEmpty else {
      if !pending.isEmpty { wakeWriter() }
      return outgoing.unlock()
    }
    writeQueuedHoldingLock()
    if !pending.isEmpty { wakeWriter() }
    outgoing.unlock()
  }

  /// Wakes the writer thread, with `outgoing` locked. A flush or a paced sender waits on the
  /// same condition, and a signal might wake one of them instead: then everyone is woken.
  private func wakeWriter() {
    if flushing + pacing > 0 { outgoing.broadcast() } else { outgoing.signal() }
  }

  /// Writes what is queued, up to `writeSliceBytes`; called and returns with `outgoing`
  /// locked, unlocked meanwhile.
  private func writeQueuedHoldingLock() {
    let bytes: [UInt8]
    var count: Int?
    if pending.count <= Self.writeSliceBytes {
      bytes = pending
      count = queued
      pending.removeAll(keepingCapacity: true)
    } else {
      // Part of a message: `written` (whole messages) moves once the queue is empty.
      bytes = Array(pending[..<Self.writeSliceBytes])
      pending.removeFirst(Self.writeSliceBytes)
    }
    writing = true
    outgoing.unlock()
    write(bytes)
    outgoing.lock()
    writing = false
    if let count { written = count }
    writtenBytes += bytes.count
    // Wake only whom it concerns: a waiting flush, or the writer thread if more queued
    // meanwhile (a needless wake costs a context switch on the core the client needs).
    if flushing + pacing > 0 || !pending.isEmpty { outgoing.broadcast() }
  }

  /// Waits until every message sent so far is written, or `seconds` have passed (a client
  /// that stopped reading must not keep the process from exiting); returns whether all was.
  @discardableResult
  public func flush(within seconds: Double = 5) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    outgoing.lock()
    let target = queued
    flushing += 1
    while written < target, !writeFailed, outgoing.wait(until: deadline) {}
    flushing -= 1
    let done = written >= target
    outgoing.unlock()
    return done
  }

  private func startWriterOnce() {
    outgoing.lock()
    defer { outgoing.unlock() }
    guard !writerStarted else { return }
    writerStarted = true
    let thread = Thread { [self] in writerLoop() }
    thread.name = "gallery-rpc.writer"
    thread.start()
  }

  private func writerLoop() {
    while true {
      outgoing.lock()
      while pending.isEmpty || corked || writing { outgoing.wait() }
      writeQueuedHoldingLock()
      outgoing.unlock()
    }
  }

  private func write(_ bytes: [UInt8]) {
    var done = 0
    while done < bytes.count, !writeFailed {
      let n = bytes[done...].withUnsafeBytes { Glibc.write(output, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        writeFailed = true  // the client went away; reading will end too
        return
      }
      done += n
    }
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
    while true {
      let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if n < 0, errno == EINTR { continue }
      let items = n > 0 ? decoder.feed(buffer[0..<n]) : decoder.finish()
      lock.lock()
      detected = decoder.framing
      lock.unlock()
      if !items.isEmpty, !handle(items) { return }
      if n <= 0 { return }
    }
  }
}
