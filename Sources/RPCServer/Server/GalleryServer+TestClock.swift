import EventStore
import GalleryCore

/// The test clock over the wire (`serve --test-clock`): a test in any language moves time
/// and waits for effects to settle, so its session writes the same log on every run.
extension GalleryServer {
  /// Most seconds `test/advanceClock` and `test/settle` wait for effects to settle.
  static let settleTimeout = 10.0

  /// `test/advanceClock`: waits for the work in flight to settle (so what it records comes
  /// before the move on every run), moves the clock, then waits for what the due timers
  /// started.
  func advanceClock(_ p: Params) throws(RPCError) -> JSONValue {
    let milliseconds = try p[ServerMethods.Parameter.milliseconds]
    if let now = testClock?.milliseconds, Int64(milliseconds) > ISOTime.latestMillis - now {
      throw RPCError.invalidParams(
        "parameter \"milliseconds\": \(milliseconds) would move the clock past 9999-12-31T23:59:59.999Z, the last time the log holds (it is \(ISOTime.format(millis: now)))"
      )
    }
    settleBeforeRequest("test/advanceClock")
    testClock?.advance(by: milliseconds)
    return settle()
  }

  /// Under the test clock, a request that records or reads the state first waits for the work
  /// in flight to settle, so what effects record lands before it on every run: the log and
  /// every answer are a function of the requests and the clock's moves. Live, nothing waits.
  func settleBeforeRequest(_ method: String) {
    guard testClock != nil, !store.waitUntilSettled(timeout: Self.settleTimeout) else { return }
    logger.log(
      .warn, "test clock: effects still in flight after \(Self.settleTimeout) s; \(method) goes ahead")
  }

  /// `effects/settle`: waits (at most `timeoutMs`) until the work in flight has settled, then
  /// answers with the version whose patches this client already has (published first).
  func settleEffects(_ p: Params) throws(RPCError) -> JSONValue {
    let milliseconds = try p[ServerMethods.Parameter.timeoutMs] ?? 10_000
    let settled = store.waitUntilSettled(timeout: Double(milliseconds) / 1000)
    let version = store.withPublishedState { version, _ in
      publishCoalesced(andStop: false)
      return version
    }
    return .object(["settled": .bool(settled), "version": .number(Double(version))])
  }

  /// `test/settle`: waits until nothing but timers on the test clock is in flight.
  func settle() -> JSONValue {
    let settled = store.waitUntilSettled(timeout: Self.settleTimeout)
    if !settled { logger.log(.warn, "test clock: effects still in flight after \(Self.settleTimeout) s") }
    let now = testClock?.milliseconds ?? 0
    return .object([
      "time": .string(ISOTime.format(millis: now)), "version": .number(Double(store.version)),
      "settled": .bool(settled),
    ])
  }
}
