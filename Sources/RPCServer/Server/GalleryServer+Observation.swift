import Dispatch
import EventStore
import Foundation
import GalleryCore
import Guarded

private typealias Parameter = ServerMethods.Parameter

/// The observation methods that read the log: `events/read`, `events/subscribe`,
/// `history/stateAt`, and the off-thread running that lets `$/cancelRequest` stop them.
extension GalleryServer {
  /// `events/read`'s result, written as bytes: each event's data exactly as the log holds it
  /// (a number past 2^53, `-0.0`, an escape: nothing is parsed and written again), in the
  /// members' order `JSONWriter` gives, as `events/appended` writes them.
  func readEvents(_ p: Params, cancel: CancelFlag?) throws(RPCError) -> [UInt8] {
    let last = store.lastSeq
    let from = UInt64(try p[Parameter.readFrom] ?? 1)
    let to = try p[Parameter.readTo].map(UInt64.init) ?? last
    let limit = try p[Parameter.limit] ?? 1000
    let progress = Progress(
      token: try p[Parameter.workDoneToken], connection: connection,
      title: progressTitle("progress.readingEvents"))
    var out = JSONOutput(capacity: 4096)
    out.append(#"{"events":["#)
    var count = 0
    var bytes = 0
    do {
      let cursor = try store.readLog(from: from, through: to)
      while count < limit, bytes < Self.readAnswerBytes, let record = try cursor.next() {
        if cancel?.isCancelled == true { throw RPCError.requestCancelled }
        if count > 0 { out.append(UInt8(ascii: ",")) }
        EventsAppended.write(record, to: &out)
        count += 1
        bytes += record.data.count + record.type.utf8.count + 64
        progress.report(done: count, total: min(limit, Int(to >= from ? to - from + 1 : 0)))
      }
    } catch let error as RPCError {
      progress.end()
      throw error
    } catch {
      progress.end()
      throw RPCError.storage("\(error)")
    }
    progress.end()
    out.append(#"],"lastSeq":"#)
    JSONWriter.writeInteger(Int64(clamping: last), to: &out)
    out.append(UInt8(ascii: "}"))
    return out.bytes
  }

  /// The most event data one `events/read` answer holds (past it by one event at most): the
  /// client pages on from the last seq it got. With at most `maxLongRequests` running, a
  /// client that asks for the whole log at once makes the server hold a few MiB, not the log.
  static let readAnswerBytes = 1 << 20

  /// The most a subscription leaves queued for its client: past it the delivery waits for the
  /// client to read, so a client never makes the server hold more than this of its events
  /// (and a chunk), whatever it asks.
  static let subscriptionBacklogBytes = 4 << 20
  /// How long a delivery waits past the backlog bound with no byte read by the client before
  /// the subscription is dropped (`events/dropped` says where to resume). A client that reads,
  /// however slowly, is waited for: its catch-up goes at its pace.
  static let subscriptionStallSeconds = 5.0

  func subscribe(_ p: Params, _ batch: inout ReadBatch) throws(RPCError) -> JSONValue {
    let last = store.lastSeq
    let from = UInt64(try p[Parameter.subscribeFrom] ?? Int(last + 1))
    let delivery = SubscriptionDelivery(connection: connection)
    // The last one stops here, its catch-up included: one subscription per connection.
    session.withLock { s in
      s.subscription?.drop()
      s.subscription = delivery
    }
    let connection = self.connection
    let logger = self.logger
    let (bound, stall) = (Self.subscriptionBacklogBytes, Self.subscriptionStallSeconds)
    // Followed now, so the catch-up is under way before the answer is read; delivered once
    // the answer is queued, so `{"lastSeq"}` comes before the first `events/appended`.
    delivery.attach(
      store.followLog(
        after: from - 1,
        onFailure: { error in logger.log(.error, "events/subscribe catch-up: \(error)") }
      ) { records in
        guard let first = records.first, delivery.waitUntilAnswered(within: stall) else { return }
        let paced = connection.waitForBacklog(atMost: bound, stall: stall, while: { delivery.isLive })
        guard delivery.isLive else { return }
        guard paced else {
          delivery.drop()
          connection.send(
            RPCOutgoing.notification(
              "events/dropped",
              .object([
                "resumeFrom": .number(Double(first.seq)),
                "reason": .string(
                  "the client left more than \(bound) bytes unread for \(Int(stall)) s: subscribe again from resumeFrom"
                ),
              ])))
          return
        }
        connection.send(encoded: EventsAppended.message(records))
      })
    batch.afterAnswers.append { delivery.answered() }
    return .object(["lastSeq": .number(Double(last))])
  }

  func stateAt(_ p: Params, cancel: CancelFlag?) throws(RPCError) -> JSONValue {
    let seq = try p[Parameter.seq]
    let last = store.lastSeq
    guard UInt64(seq) <= last else {
      throw RPCError.invalidParams("seq \(seq) is past the end of the log (last seq \(last))")
    }
    let first = store.firstSeq
    guard first <= 1 || UInt64(seq) >= first else {
      throw RPCError.invalidParams(HistoryError.beforeRetained(seq: UInt64(seq), firstSeq: first).description)
    }
    let progress = Progress(
      token: try p[Parameter.workDoneToken], connection: connection,
      title: progressTitle("progress.replaying", ["seq": String(seq)]))
    defer { progress.end() }
    let state: AppState
    do {
      state = try store.state(
        at: UInt64(seq),
        progress: { done, total in
          progress.report(done: Int(done), total: Int(total))
          return cancel?.isCancelled != true
        })
    } catch is CancellationError {
      throw RPCError.requestCancelled
    } catch {
      throw RPCError.storage("\(error)")
    }
    return .object([
      "seq": .number(Double(seq)), "value": try Self.value(at: try p[Parameter.pointerThen] ?? "", in: state),
    ])
  }

  func changes(_ p: Params, cancel: CancelFlag?) throws(RPCError) -> JSONValue {
    let pointer = try p[Parameter.changesPointer]
    let last = store.lastSeq
    let to = min(try p[Parameter.changesTo].map(UInt64.init) ?? last, last)
    let from = try p[Parameter.changesFrom].map(UInt64.init) ?? (to > 100_000 ? to - 99_999 : 1)
    let limit = try p[Parameter.limit] ?? 1000
    guard from <= max(to, 1) else {
      throw RPCError.invalidParams("from (\(from)) is after to (\(to)); the log ends at seq \(last)")
    }
    do { _ = try JSONPointer.tokens(pointer) } catch { throw RPCError.invalidParams("pointer: \(error)") }
    let progress = Progress(
      token: try p[Parameter.workDoneToken], connection: connection,
      title: progressTitle("progress.findingChanges", ["pointer": pointer]))
    defer { progress.end() }
    let found: [EventRecord]
    do {
      found = try store.changes(
        at: pointer, from: from, through: to, limit: limit,
        progress: { done, total in
          progress.report(done: Int(done), total: Int(total))
          return cancel?.isCancelled != true
        })
    } catch is CancellationError {
      throw RPCError.requestCancelled
    } catch let failure as HistoryError {
      throw RPCError.invalidParams(failure.description)
    } catch {
      throw RPCError.storage("\(error)")
    }
    return .object([
      "pointer": .string(pointer), "from": .number(Double(max(from, store.firstEventSeq))),
      "to": .number(Double(to)),
      "changes": .array(
        found.map {
          .object(["seq": .number(Double($0.seq)), "time": .string($0.timeText), "type": .string($0.type)])
        }),
    ])
  }

  /// Runs a long request off the reader thread so `$/cancelRequest` can reach it.
  func startLongRequest(id: RPCID, method: String, entry: MethodEntry?, params: RPCParams?) {
    let flag = CancelFlag()
    session.withLock { $0.cancellable[id] = flag }
    workersDone.enter()
    workers.async { [self] in
      let response: HeldAnswer
      // Its answer goes as soon as it is made; what waits for it starts after.
      var batch = ReadBatch.immediate
      // No answer is built for a client that has not read the earlier ones: past
      // `subscriptionBacklogBytes` unread the request waits for it to read, and one that
      // reads nothing for `subscriptionStallSeconds` is answered -32012 instead.
      let paced = connection.waitForBacklog(
        atMost: Self.subscriptionBacklogBytes, stall: Self.subscriptionStallSeconds
      ) { !flag.isCancelled }
      do {
        if flag.isCancelled { throw RPCError.requestCancelled }
        guard paced else {
          throw RPCError.busy(
            "\(Self.subscriptionBacklogBytes >> 20) MiB of answers went unread for \(Int(Self.subscriptionStallSeconds)) s; read them, then ask again"
          )
        }
        response = HeldAnswer.result(
          id, try call(method, entry, params, cancel: flag, admitted: true, batch: &batch))
      } catch let error as RPCError {
        response = .message(RPCOutgoing.error(id, error))
      } catch {
        response = .message(RPCOutgoing.error(id, .internalError("\(error)")))
      }
      session.withLock { $0.cancellable[id] = nil }
      connection.send(encoded: response.bytes())
      for start in batch.afterAnswers { start() }
      workersDone.leave()
    }
  }
}

extension GalleryServer {
  /// A `$/progress` title in the state's language (`code` from the message catalog).
  func progressTitle(_ code: String, _ arguments: [String: String] = [:]) -> String {
    MessageCatalog.text(code, arguments, in: store.state.settings.language)
  }
}

/// `$/progress` reports for a request that gave a `workDoneToken` (at most ~10 reports). Its
/// `begin` carries the `title` LSP requires, in the app's language.
struct Progress {
  let token: JSONValue?
  let connection: RPCConnection
  private var lastPercent = -1

  init(token: JSONValue?, connection: RPCConnection, title: String) {
    self.token = token
    self.connection = connection
    send(["kind": .string("begin"), "title": .string(title), "percentage": .number(0)])
  }

  private func send(_ value: [String: JSONValue]) {
    guard let token, token != .null else { return }
    connection.send(
      RPCOutgoing.notification("$/progress", .object(["token": token, "value": .object(value)])))
  }

  func report(done: Int, total: Int) {
    guard token != nil, total > 0 else { return }
    let percent = min(100, done * 100 / total)
    // Every tenth of the way only.
    if percent / 10 != (done > 1 ? min(100, (done - 1) * 100 / total) / 10 : -1) {
      send(["kind": .string("report"), "percentage": .number(Double(percent))])
    }
  }

  func end() { send(["kind": .string("end")]) }
}

/// One subscription's delivery: held until its `events/subscribe` answer is queued, then live
/// until it is dropped (for its client's unread backlog, by `events/unsubscribe` or by the
/// next `events/subscribe`); dropping it ends its log subscription, catch-up included, and a
/// log subscription attached after that ends at once.
final class SubscriptionDelivery: Sendable {
  /// Where the delivery is: answered, dropped, and its log subscription once attached.
  private struct Phase {
    var dropped = false
    var isAnswered = false
    var subscription: LogSubscription?
  }
  private let phase = Guarded(Phase())
  private let connection: RPCConnection

  init(connection: RPCConnection) { self.connection = connection }

  var isLive: Bool { phase.withLock { !$0.dropped } }

  func attach(_ subscription: LogSubscription) {
    let cancelNow: Bool = phase.withLock { phase in
      phase.subscription = subscription
      return phase.dropped
    }
    if cancelNow { subscription.cancel() }
  }

  /// Lets deliveries go: the answer is ahead of them in the connection's queue.
  func answered() {
    phase.change { $0.isAnswered = true }
  }

  /// Waits until the answer is queued (the reader queues it at the end of its read, so the
  /// bound is never reached in practice); whether the delivery is still live.
  func waitUntilAnswered(within seconds: Double) -> Bool {
    _ = phase.wait(until: Date(timeIntervalSinceNow: seconds)) { $0.isAnswered || $0.dropped ? true : nil }
    return isLive
  }

  func drop() {
    let subscription: LogSubscription? = phase.change { phase in
      phase.dropped = true
      return phase.subscription
    }
    subscription?.cancel()
    // A delivery waiting for its client to read stops waiting now (shutdown is not held up).
    connection.wakePacedSenders()
  }
}
