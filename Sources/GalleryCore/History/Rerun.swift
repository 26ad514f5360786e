import EventStore
import Foundation
import Guarded
import JSON

/// `gallery-rpc rerun`: a recorded session run again on this build, offline. A fresh core
/// starts from the recording's start (its base, or nothing) at its first time; each input
/// (`EventRole.input`) is made again at its recorded time, each request the core makes is
/// held (`HeldRequests`) and answered with the recorded result that answers it, and every
/// event this build records is compared with the recorded one in order. Replay shows today's
/// reading of yesterday's decisions; a rerun shows whether today's build decides the same.
///
/// The rerun's data directory is its own (a `ScratchDirectory`, removed when it ends, swept if
/// its process dies); it holds one copy of what the rerun records, at most the recording's size.
/// In memory it keeps one recorded append and what this build recorded but the walk has not
/// compared yet, plus at most `keptCompared` compared records (dropped in bulk).
public final class Rerun {
  /// Reruns the log or bundle at `path` (through `until`, when given).
  public static func run(logAt path: String, until: UInt64? = nil) throws -> RerunReport {
    let rerun = try Rerun(path: path, until: until)
    defer { rerun.end() }
    return try rerun.walk()
  }

  private let until: UInt64?
  private let cursor: LogCursor
  private let directory: String
  private let clock = Guarded<Int64>(0)
  private let held = HeldRequests()
  private let made = Guarded<[EventRecord]>([])
  private var store: Store!
  private var observation: StoreObservation?
  /// The next of `made` to compare.
  private var madeIndex = 0
  /// Compared records kept before they are dropped at once.
  private static let keptCompared = 4096
  /// How long the local work an input starts (follow-ups, a file kept) may take.
  private static let idleSeconds = 30.0
  private var compared = 0
  private var restarts: [UInt64] = []
  private var lastInput: RerunReport.Input?
  /// The first recorded line, read to find the start.
  private var first: EventRecord?

  private init(path: String, until: UInt64?) throws {
    self.until = until
    cursor = try LogCursor(path: path, through: until)
    directory = ScratchDirectory.path(prefix: "gallery-rerun-")
    try OwnerOnly.makeFolder(directory)
    first = try cursor.next()
    if let base = first, base.type == EventLine.baseType {
      // The recording's start state, at its seq: this build's events get the recording's seqs.
      clock.withLock { $0 = base.timeMillis }
      var line: [UInt8] = []
      EventLine.encode(base, into: &line)
      guard FileManager.default.createFile(atPath: directory + "/events.jsonl", contents: Data(line)) else {
        throw RerunError(description: "could not write the rerun's log in \(directory)")
      }
    } else if let first {
      clock.withLock { $0 = first.timeMillis }
    }
    try open(startingUp: false)
  }

  private func open(startingUp: Bool) throws {
    var options = Store.Options(
      durability: .none, snapshotEvery: Int.max, clock: { [clock] in clock.withLock { $0 } }, retention: nil)
    options.effectClock = ManualClock(start: clock.withLock { $0 })
    options.heldRequests = held
    options.startsUp = startingUp
    let before = self.store?.lastSeq
    let store = try Store(dataDirectory: directory, environment: GalleryEnvironment(), options: options)
    // What opening recorded (a restart's start-up) came before any observer: read from the log
    // up to the version the observer starts after.
    var attachedAt: UInt64 = 0
    observation = store.observe(current: { version, _ in attachedAt = version }) { [made] change in
      made.withLock { $0 += change.events }
    }
    if let before, attachedAt > before {
      let cursor = try store.readLog(from: before + 1, through: attachedAt)
      var opened: [EventRecord] = []
      while let record = try cursor.next() { opened.append(record) }
      made.withLock { $0.insert(contentsOf: opened, at: madeIndex) }
    }
    self.store = store
  }

  private func end() {
    observation?.cancel()
    try? store?.close()
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// Reads the recording an append at a time and makes, answers or expects each event.
  private func walk() throws -> RerunReport {
    var pending = first.map { [$0] } ?? []
    first = nil
    while true {
      // One append: the record and the ones its batch says follow it.
      var group: [EventRecord] = []
      while true {
        guard let record = pending.isEmpty ? try cursor.next() : pending.removeFirst() else { break }
        group.append(record)
        if record.batchRemaining == 0 { break }
      }
      if group.isEmpty { break }
      if let divergence = try take(group) { return report(divergence) }
    }
    if let torn = cursor.tornTail, torn.damaged {
      throw RerunError(description: "damage at seq \(torn.seq): \(torn.reason) (verify lists it)")
    }
    try settle()
    // Past the recording's end this build went on deciding: what the recording never did.
    if until == nil, let extra = nextMade() {
      return report(
        RerunReport.Divergence(
          seq: extra.seq, recorded: nil, made: try line(extra),
          reason: "this build recorded more after the recording's last event", input: lastInput))
    }
    return report(nil)
  }

  private func report(_ divergence: RerunReport.Divergence?) -> RerunReport {
    RerunReport(events: compared, restarts: restarts, divergence: divergence)
  }

  /// Compares or makes each event of one recorded append; the divergence, if any.
  private func take(_ group: [EventRecord]) throws -> RerunReport.Divergence? {
    var k = 0
    var restartedAt: UInt64?
    while k < group.count {
      let recorded = group[k]
      if recorded.type == EventLine.baseType || recorded.type == LogEvents.SetAside.type {
        k += 1
        continue
      }
      try settle()
      if let made = nextMade() {
        if let why = try differs(made, from: recorded) {
          return RerunReport.Divergence(
            seq: recorded.seq, recorded: try line(recorded), made: try line(made), reason: why,
            input: lastInput)
        }
        madeIndex += 1
        compared += 1
        k += 1
        if madeIndex >= Self.keptCompared {
          self.made.withLock { [madeIndex] in $0.removeFirst(madeIndex) }
          madeIndex = 0
        }
        continue
      }
      // This build has recorded nothing here yet: the recorded event says what happened.
      clock.withLock { $0 = max($0, recorded.timeMillis) }
      let event = try Self.decoded(recorded)
      // One method call makes one append, and one answer is recorded in one: an input or a
      // result starts its append (a result hands the whole rest of it back), and a restart's
      // start-up makes appends of its own. Inside an append, what follows was decided with it.
      var step = event.payload.rerunStep(in: store.state)
      if k > 0, !step.isSkip { step = .expect }
      switch step {
      case .send(let action, let method):
        lastInput = RerunReport.Input(seq: recorded.seq, type: recorded.type, method: method)
        do { try store.send(action) } catch let refusal as Rejection {
          return RerunReport.Divergence(
            seq: recorded.seq, recorded: try line(recorded), made: nil,
            reason: "this build refused the input: \(refusal.code) (\(refusal.message))", input: lastInput)
        }
      case .answer(let tag):
        let rest = Array(group[k...])
        let answered = try rest.lazy.compactMap { try Self.decoded($0).payload.answeredRequest }.first
        if let divergence = try answer(answered ?? tag, with: rest) { return divergence }
      case .expect:
        // A decision made at a start: where the recording's process restarted.
        guard k == 0, restartedAt != recorded.seq else {
          return RerunReport.Divergence(
            seq: recorded.seq, recorded: try line(recorded), made: nil,
            reason: k > 0
              ? "this build did not decide this with what came before it in its append"
              : "this build did not decide this (nor does a restart here)", input: lastInput)
        }
        restartedAt = recorded.seq
        try restart()
        try settle()
        if nextMade() != nil { restarts.append(recorded.seq) }
        continue
      case .skip:
        k += 1
        continue
      }
      try settle()
      if nextMade() == nil {
        return RerunReport.Divergence(
          seq: recorded.seq, recorded: try line(recorded), made: nil,
          reason: "this build recorded nothing for it", input: lastInput)
      }
    }
    return nil
  }

  /// Hands `events` (the rest of a recorded append) to the request `tag` names, as its
  /// effect would have: a timer's or a wait's action is sent, a service's answer recorded.
  private func answer(_ tag: RequestTag?, with events: [EventRecord]) throws -> RerunReport.Divergence? {
    let decoded = try events.map(Self.decoded)
    guard let tag else {
      _ = try store.record(decoded)
      return nil
    }
    guard let effect = held.effect(asking: tag) else {
      let asked = held.tags.map(\.description)
      return RerunReport.Divergence(
        seq: events[0].seq, recorded: try line(events[0]), made: nil,
        reason:
          "it answers a request this build did not make (\(tag)); this build asked: \(asked.isEmpty ? "nothing" : asked.joined(separator: ", "))",
        input: lastInput)
    }
    switch effect {
    case .startTimer(_, _, let action), .deadline(_, let action):
      do { try store.send(action) } catch is Rejection {}
    default:
      _ = try store.record(decoded)
    }
    return nil
  }

  /// The process restarted: what it held is lost, and this build's start-up runs.
  private func restart() throws {
    try settle()
    observation?.cancel()
    try store.close()
    held.dropAll()
    try open(startingUp: true)
  }

  /// Waits for the local work this build started (held requests are not work), bounded.
  private func settle() throws {
    guard store.waitUntilIdle(timeout: Self.idleSeconds) else {
      throw RerunError(description: "this build's local work did not end within \(Int(Self.idleSeconds)) s")
    }
  }

  /// The next event this build recorded that is not compared yet.
  private func nextMade() -> EventRecord? {
    made.withLock { madeIndex < $0.count ? $0[madeIndex] : nil }
  }

  /// Why `made` is not `recorded` (nil: the same). A member the recorded line lacks is one
  /// the recording's build did not write, so it is not compared.
  private func differs(_ made: EventRecord, from recorded: EventRecord) throws -> String? {
    guard made.type == recorded.type else { return "this build recorded another event" }
    if made.data == recorded.data { return nil }
    let current = try EventCodec.encodeData(Self.decoded(recorded).payload)
    if made.data == current { return nil }
    guard case .object(let was) = try JSONParser.parse(current),
      case .object(var now) = try JSONParser.parse(made.data)
    else { return "its data differs" }
    for key in now.keys where was[key] == nil { now[key] = nil }
    if now == was { return nil }
    let changed = Set(was.keys).union(now.keys).filter { was[$0] != now[$0] }.sorted()
    return "its data differs: \(changed.joined(separator: ", "))"
  }

  /// The recorded event, or why this build cannot read it, at its seq (a newer build's line
  /// said so: every command exits 3 on it).
  private static func decoded(_ record: EventRecord) throws -> Event {
    do { return try EventCodec.decode(record) } catch let error as EventDecodingError {
      throw ReplayError(
        seq: record.seq, reason: error.description, writtenByNewerBuild: error.writtenByNewerBuild)
    }
  }

  private func line(_ record: EventRecord) throws -> RerunReport.Line {
    RerunReport.Line(type: record.type, data: try JSONParser.parse(record.data))
  }
}

/// A recording the rerun cannot go through (its own directory could not be made, damage).
public struct RerunError: Error, CustomStringConvertible {
  public var description: String
}
