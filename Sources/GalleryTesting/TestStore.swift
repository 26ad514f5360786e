import Foundation
import GalleryCore
import XCTest

/// A deterministic harness for the state machine, in the spirit of TCA's TestStore: send an
/// action, feed scripted effect results, and state exactly how the state changed. Any change
/// the test did not describe fails it, and so does an effect left unhandled: checked when
/// the store goes away at the end of the test, without the test asking.
public final class TestStore {
  public private(set) var state: AppState
  /// Effects planned and not yet taken by `expectEffects`.
  public private(set) var pendingEffects: [Effect] = []
  /// Every event recorded so far, in order (what the log would hold).
  public private(set) var events: [Event] = []
  private let file: StaticString
  private let line: UInt

  public init(state: AppState = AppState(), file: StaticString = #filePath, line: UInt = #line) {
    self.state = state
    self.file = file
    self.line = line
  }

  deinit {
    if !pendingEffects.isEmpty {
      XCTFail(
        "the test ended with effects planned but not handled: \(pendingEffects)", file: file, line: line)
    }
  }

  /// Sends `action`; `expected` turns the previous state into the one the test expects.
  @discardableResult
  public func send(
    _ action: Action, file: StaticString = #filePath, line: UInt = #line,
    _ expected: (inout AppState) -> Void = { _ in }
  ) -> [Event] {
    let decided: [Event]
    do {
      decided = try AppMachine.decide(action, state)
    } catch {
      XCTFail("\(action) was rejected: \(error)", file: file, line: line)
      return []
    }
    apply(decided, expected, file: file, line: line)
    return decided
  }

  /// Asserts that `action` is refused with `code` and changes nothing.
  public func reject(_ action: Action, code: String, file: StaticString = #filePath, line: UInt = #line) {
    do {
      let events = try AppMachine.decide(action, state)
      XCTFail("\(action) was accepted with \(events), expected rejection \(code)", file: file, line: line)
    } catch {
      XCTAssertEqual(error.code, code, file: file, line: line)
    }
  }

  /// Feeds events the runtime would record (an effect's result).
  public func receive(
    _ events: [Event], file: StaticString = #filePath, line: UInt = #line,
    _ expected: (inout AppState) -> Void = { _ in }
  ) {
    apply(events, expected, file: file, line: line)
  }

  /// Takes the planned effects, asserting they are exactly `effects`.
  public func expectEffects(_ effects: [Effect], file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(pendingEffects, effects, "planned effects", file: file, line: line)
    pendingEffects = []
  }

  /// Fails if an effect was planned and never taken.
  public func finish(file: StaticString = #filePath, line: UInt = #line) {
    if !pendingEffects.isEmpty {
      XCTFail("effects planned but not handled: \(pendingEffects)", file: file, line: line)
    }
  }

  private func apply(_ new: [Event], _ expected: (inout AppState) -> Void, file: StaticString, line: UInt) {
    var want = state
    expected(&want)
    for event in new {
      state = AppMachine.reduce(state, event)
      pendingEffects += AppMachine.effects(of: event, in: state)
      events.append(event)
    }
    if state != want {
      XCTFail(
        "state differs from what the test expects:\n\(StateDiff.lines(expected: want, actual: state))",
        file: file, line: line)
    }
  }
}

/// A readable difference between two states: the JSON lines that differ.
public enum StateDiff {
  public static func lines(expected: AppState, actual: AppState) -> String {
    let a = pretty(expected).components(separatedBy: "\n")
    let b = pretty(actual).components(separatedBy: "\n")
    var out: [String] = []
    for i in 0..<max(a.count, b.count) {
      let x = i < a.count ? a[i] : ""
      let y = i < b.count ? b[i] : ""
      if x != y {
        out.append(
          "  expected: \(x.trimmingCharacters(in: .whitespaces))\n    actual: \(y.trimmingCharacters(in: .whitespaces))"
        )
      }
    }
    return out.prefix(20).joined(separator: "\n")
  }

  static func pretty(_ state: AppState) -> String {
    (try? JSONValueEncoder().encode(state)).map(JSONWriter.pretty) ?? "(the state does not encode)"
  }
}

extension Store {
  /// Signs in with the demo account (test@mail.com / 123456) and waits for the first feed
  /// page: where most store tests begin.
  public func signInToDemo() throws {
    try send(.auth(.setEmail(.login, "test@mail.com")))
    try send(.auth(.setPassword(.login, Secret("123456"))))
    try send(.auth(.submit(.login)))
    waitUntilIdle()
  }
}

extension GalleryEnvironment {
  /// This environment changed by `edit` (a test's providers: `.with { $0.feed = fake }`).
  public func with(_ edit: (inout GalleryEnvironment) -> Void) -> GalleryEnvironment {
    var next = self
    edit(&next)
    return next
  }
}
