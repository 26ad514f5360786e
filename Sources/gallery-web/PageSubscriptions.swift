import EventStore
import Foundation
import GalleryCore
import JSON
import JSONRPC
import Synchronization

/// Each page's own `events/subscribe` over the bridge's one connection to the core (the core
/// has one writer, so the bridge is its one client). A page names its `/events` stream (the id
/// its `hello` carried) in `X-Gallery-Stream`; its events go to that stream only, from the
/// `from` it asked (a catch-up read with `events/read`, then the live events of the bridge's
/// one core subscription, with no seq missed or repeated), and its `events/unsubscribe` ends
/// its own subscription alone. Owner of the per-page state: one `Mutex`, under which every
/// page's events are queued (so a replaced subscription's never follow its successor's);
/// bound: the pages' streams, and at most `maxHeldBytes` of live events held per page while
/// its catch-up runs (past it the page gets `events/dropped`, as the core does for a client
/// that falls behind).
final class PageSubscriptions: Sendable {
  /// One page's subscription.
  struct Page: Sendable {
    /// The next seq it has not been sent.
    var next: UInt64
    /// Whether its catch-up is done (live events go straight to it).
    var live: Bool
    /// Live events that came during its catch-up, in order.
    var held: [JSONValue] = []
    var heldBytes = 0
    /// Which subscription of its stream this is: a catch-up of an earlier one stops.
    var generation: UInt64 = 0
  }

  struct State: Sendable {
    /// One subscription per stream: a second `events/subscribe` replaces the first.
    var pages: [String: Page] = [:]
    var coreSubscribed = false
    var generations: UInt64 = 0
  }

  static let maxHeldBytes = 4 << 20
  /// Events a catch-up asks the core for at once.
  static let catchUpPage = 1000

  private let state = Mutex(State())
  private let streams: PageStreams
  private let core: @Sendable ([String: JSONValue]) throws -> [String: JSONValue]

  init(streams: PageStreams, core: @escaping @Sendable ([String: JSONValue]) throws -> [String: JSONValue]) {
    self.streams = streams
    self.core = core
  }

  /// `events/subscribe` from the page whose stream is `stream`: the answer (`{lastSeq}`) or
  /// the error, as the core would give it.
  func subscribe(stream: String, from: UInt64?) -> Result<JSONValue, RPCError> {
    guard streams.isOpen(stream) else {
      return .failure(
        .invalidParams("X-Gallery-Stream must name this page's open /events stream (its hello's \"stream\")"))
    }
    do {
      if !state.withLock({ $0.coreSubscribed }) {
        _ = try call("events/subscribe", [:])
        state.withLock { $0.coreSubscribed = true }
      }
      let last = try call("events/read", ["limit": .number(1)])["lastSeq"]?.exactInteger.map(UInt64.init) ?? 0
      let next = from ?? last + 1
      let catchUp = next <= last
      let generation = state.withLock { s -> UInt64 in
        s.generations += 1
        s.pages[stream] = Page(next: next, live: !catchUp, generation: s.generations)
        return s.generations
      }
      if catchUp {
        Thread.detachNewThread { [self] in self.catchUp(stream, generation, through: last) }
      }
      return .success(.object(["lastSeq": .number(Double(last))]))
    } catch let error as RPCError {
      return .failure(error)
    } catch {
      return .failure(.internalError("\(error)"))
    }
  }

  /// `events/unsubscribe` from the page, or its stream closed: its subscription alone ends;
  /// the core's ends with the last page's.
  func unsubscribe(stream: String) {
    let last = state.withLock { s -> Bool in
      s.pages.removeValue(forKey: stream)
      guard s.pages.isEmpty, s.coreSubscribed else { return false }
      s.coreSubscribed = false
      return true
    }
    if last { _ = try? call("events/unsubscribe", [:]) }
  }

  /// A notification of the core's subscription: `events/appended` goes to the pages that
  /// subscribed, each from its own next seq; `events/dropped` ends every page's.
  func deliver(_ message: JSONValue) {
    if message["method"] == .string("events/dropped") {
      let pages = state.withLock { s -> [String] in
        defer { s.pages.removeAll(); s.coreSubscribed = false }
        return Array(s.pages.keys)
      }
      for page in pages { streams.send(JSONWriter.bytes(message), to: page) }
      return
    }
    guard case .array(let events)? = message["params"]?["events"] else { return }
    var dropped: [(String, UInt64)] = []
    // Live events are queued under the lock, so they follow a catch-up's last events in order.
    state.withLock { s in
      for (id, var page) in s.pages {
        let fresh = events.filter { ($0["seq"]?.exactInteger).map { UInt64($0) >= page.next } ?? false }
        guard !fresh.isEmpty else { continue }
        if page.live {
          send(fresh, to: id)
          page.next = Self.after(fresh, page.next)
        } else {
          page.held += fresh
          page.heldBytes += fresh.reduce(0) { $0 + JSONWriter.bytes($1).count }
          if page.heldBytes > Self.maxHeldBytes {
            dropped.append((id, page.next))
            s.pages.removeValue(forKey: id)
            continue
          }
        }
        s.pages[id] = page
      }
    }
    for (id, resume) in dropped {
      drop(
        id, resumeFrom: resume, "the page fell over \(Self.maxHeldBytes >> 20) MiB behind during its catch-up"
      )
    }
  }

  /// Tells the page its subscription ended (`events/dropped`, as the core says it) and where
  /// to resume.
  private func drop(_ stream: String, resumeFrom: UInt64, _ reason: String) {
    streams.send(
      JSONWriter.bytes(
        RPCOutgoing.notification(
          "events/dropped", .object(["resumeFrom": .number(Double(resumeFrom)), "reason": .string(reason)]))),
      to: stream)
  }

  /// Sends the page its events from its `next` through `last`, a page of the log at a time,
  /// then what came live meanwhile, and makes it live.
  /// Only the subscription `generation` of the stream is served: a newer one stops it. A
  /// catch-up the core refuses (busy, too many reads at once) never counts as done: the page
  /// gets `events/dropped` naming where to resume, and its subscription ends.
  private func catchUp(_ stream: String, _ generation: UInt64, through last: UInt64) {
    func current() -> Page? {
      state.withLock { s in s.pages[stream].flatMap { $0.generation == generation ? $0 : nil } }
    }
    while let next = current()?.next, next <= last {
      let events: [JSONValue]
      do {
        let answer = try call(
          "events/read",
          [
            "from": .number(Double(next)), "to": .number(Double(last)),
            "limit": .number(Double(Self.catchUpPage)),
          ])
        guard case .array(let read)? = answer["events"], !read.isEmpty else {
          throw RPCError.internalError("the log held no events from seq \(next)")
        }
        events = read
      } catch {
        let ended = state.withLock { s -> Bool in
          guard s.pages[stream]?.generation == generation else { return false }
          s.pages.removeValue(forKey: stream)
          return true
        }
        if ended { drop(stream, resumeFrom: next, "the catch-up's read was refused: \(error)") }
        return
      }
      guard streams.isOpen(stream) else { return unsubscribe(stream: stream) }
      // Sent under the lock that says this subscription is still the stream's (queueing never
      // waits for the page): a newer one's events never come before a replaced one's.
      let advanced = state.withLock { s -> Bool in
        guard var page = s.pages[stream], page.generation == generation else { return false }
        page.next = Self.after(events, page.next)
        s.pages[stream] = page
        send(events, to: stream)
        return true
      }
      if !advanced { return }
    }
    state.withLock { s in
      guard var page = s.pages[stream], page.generation == generation else { return }
      let fresh = page.held.filter { ($0["seq"]?.exactInteger).map { UInt64($0) >= page.next } ?? false }
      page.next = Self.after(fresh, max(page.next, last + 1))
      page.held = []
      page.heldBytes = 0
      page.live = true
      s.pages[stream] = page
      // Before any live event: the next `deliver` takes the lock after this.
      if !fresh.isEmpty { send(fresh, to: stream) }
    }
  }

  private func send(_ events: [JSONValue], to stream: String) {
    streams.send(
      JSONWriter.bytes(RPCOutgoing.notification("events/appended", .object(["events": .array(events)]))),
      to: stream)
  }

  /// The seq after the last of `events` (or `next` when there is none).
  private static func after(_ events: [JSONValue], _ next: UInt64) -> UInt64 {
    guard let last = events.last?["seq"]?.exactInteger else { return next }
    return max(next, UInt64(last) + 1)
  }

  private func call(_ method: String, _ params: [String: JSONValue]) throws -> JSONValue {
    let answer = try core([
      "jsonrpc": .string("2.0"), "id": .string("bridge"), "method": .string(method),
      "params": .object(params),
    ])
    if let error = answer["error"] {
      throw RPCError(
        code: error["code"]?.exactInteger.map(Int.init) ?? -32603,
        message: { if case .string(let m)? = error["message"] { return m } else { return "error" } }(),
        data: error["data"])
    }
    return answer["result"] ?? .null
  }
}
