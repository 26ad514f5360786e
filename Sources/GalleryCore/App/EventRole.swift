import Foundation
import JSON

/// What an event is to `gallery-rpc rerun` (`Rerun`), declared by every event type
/// (`EventPayload.role`, no default): what the user did, what the world answered, or what the
/// core decided from those. A rerun makes the inputs again, hands back the results, and
/// compares the decisions.
public enum EventRole<Payload: EventPayload>: Sendable {
  /// What the user did (a field edited, a submit, a screen opened, a setting changed):
  /// `method` is the protocol method that makes it, `action` that method's action made again
  /// from the recorded data and the state the rerun has reached (a password recorded as its
  /// length types that many characters). Nil from `action`: this line was not the user's (an
  /// `account.signedOut` the core recorded), so it is compared as a decision.
  case input(method: String, action: @Sendable (Payload, AppState) -> Action?)
  /// What a service, the clock or the device answered (a page loaded, a sign-in refused, a
  /// timer fired): `answers` names the request it answers, which the rerun must have made;
  /// nil when it answers none in particular (the cache evicted files, the locale's language).
  case result(answers: @Sendable (Payload) -> RequestTag?)
  /// What the core decided from the inputs and results before it (a request started, a
  /// screen closed): the rerun's build must record it again, member for member.
  case decision
  /// A line of the log itself (its base, a line set aside): neither made nor compared.
  case log

  /// The methods an input is made by (none for another role).
  public var methods: [String] {
    guard case .input(let method, _) = self else { return [] }
    return method.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// The role's name in protocol/events.md.
  public var name: String {
    switch self {
    case .input: "input (" + methods.map { "`\($0)`" }.joined(separator: ", ") + ")"
    case .result: "result"
    case .decision: "decision"
    case .log: "log"
    }
  }
}

/// A request the core made of a service, the clock or the device, named the same way by the
/// effect that makes it (`Effect.asked`) and by the results that answer it
/// (`EventRole.result`), so a rerun hands each recorded answer to the request it answers.
public struct RequestTag: Hashable, Sendable, CustomStringConvertible {
  /// What was asked, in words, with what tells it from others alike: "feed page 5".
  public let description: String

  /// A request of kind `what` (`"feed page"`), told apart by `id` (its request id, a key).
  public init(_ what: String, _ id: some CustomStringConvertible) { description = "\(what) \(id)" }

  /// A timer (`Effect.startTimer`) by its id: answered by what its action records.
  public static func timer(_ id: Int) -> RequestTag { RequestTag("timer", id) }

  /// The end of a wait (`Effect.deadline`) by the action it sends.
  public static func deadline(_ action: Action) -> RequestTag {
    RequestTag(
      "deadline", (try? JSONCoding.encode(action)).map { String(decoding: $0, as: UTF8.self) } ?? "?")
  }
}

/// What a rerun does with one recorded event, from its type's role (`EventPayload.rerunStep`).
enum RerunStep {
  /// Send this action, as the user did.
  case send(Action, method: String)
  /// Hand the recorded answer back to the request it answers (nil: to none in particular).
  case answer(RequestTag?)
  /// The build must have recorded it already.
  case expect
  /// Not compared: the log's own line.
  case skip

  var isSkip: Bool {
    if case .skip = self { true } else { false }
  }
}

extension EventPayload {
  /// Its role's name in protocol/events.md (`input (\`auth/setEmail\`)`).
  public static var roleName: String { role.name }
  /// The methods that make it, if it is an input (a test holds them to the method catalog).
  public static var inputMethods: [String] { role.methods }

  /// What a rerun does with this event, in `state` (the state the rerun has reached).
  func rerunStep(in state: AppState) -> RerunStep {
    switch Self.role {
    case .input(let method, let make): make(self, state).map { .send($0, method: method) } ?? .expect
    case .result(let answers): .answer(answers(self))
    case .decision: .expect
    case .log: .skip
    }
  }

  /// The request this event answers, if it is a result that answers one.
  var answeredRequest: RequestTag? {
    if case .result(let answers) = Self.role { return answers(self) }
    return nil
  }
}
