import GalleryCore

/// How a method is called for real, declared beside it in its contract: its parameters (each a
/// literal, or read from the state or the answer before it, as a client would find them) and
/// the calls that make the state it needs and put that state back. `gallery-bench counted
/// --table` counts every method this way, so its table measures work done, not refusals.
public struct MethodExample: Sendable {
  /// Where a parameter's value comes from.
  public enum Value: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral
  {
    /// This value, as it is.
    case literal(JSONValue)
    /// The value at this JSON Pointer of the state the client has seen (`/feed/items/0/key`).
    case state(String)
    /// A list of the values at these pointers (`images/prefetch`'s keys).
    case states([String])
    /// The value at this pointer of the answer to the call just before (`account/beginLogin`'s
    /// `demoRedirectURL`).
    case answer(String)

    public init(stringLiteral value: String) { self = .literal(.string(value)) }
    public init(integerLiteral value: Int) { self = .literal(.number(Double(value))) }
    public init(booleanLiteral value: Bool) { self = .literal(.bool(value)) }
  }

  /// A call made around the counted one: a method and its parameters.
  public struct Call: Sendable {
    public var method: String
    public var params: [String: Value]
    /// Whether its effects settle before the next call (not for an upload the next call cancels).
    public var settles = true
    /// Made again until the state has a value at this pointer (`feed/loadMore` until
    /// `/feed/items/9999`); nil: once.
    public var until: String? = nil

    /// `method` with `params`, its effects settled before the next call.
    public static func call(_ method: String, _ params: [String: Value] = [:]) -> Call {
      Call(method: method, params: params)
    }

    /// `method` with `params`, the next call made while its effects still run.
    public static func unsettled(_ method: String, _ params: [String: Value] = [:]) -> Call {
      Call(method: method, params: params, settles: false)
    }

    /// `method` with `params`, made again until the state has a value at `pointer`.
    public static func repeated(_ method: String, _ params: [String: Value] = [:], until pointer: String)
      -> Call
    {
      Call(method: method, params: params, until: pointer)
    }
  }

  /// The counted call's parameters.
  public var params: [String: Value]
  /// The calls that make the state it needs, in order (the albums screen shown, an album
  /// open), each answered and its effects settled before the next.
  public var before: [Call]
  /// The calls that put the state back, so the next method finds the state the first found.
  public var after: [Call]
  /// It replaces what the others count on (the feed's pages), so it is counted after them.
  public var countedLast = false
}

extension MethodSpec {
  /// This method with the example it is counted by (see `MethodExample`).
  public func example(
    _ params: @autoclosure @escaping @Sendable () -> [String: MethodExample.Value] = [:],
    before: @autoclosure @escaping @Sendable () -> [MethodExample.Call] = [],
    after: @autoclosure @escaping @Sendable () -> [MethodExample.Call] = []
  ) -> MethodSpec {
    var copy = self
    copy.exampleMaker = { MethodExample(params: params(), before: before(), after: after()) }
    return copy
  }

  /// This method, counted after the others (see `MethodExample.countedLast`).
  public func countedLast() -> MethodSpec {
    var copy = self
    guard let maker = exampleMaker else { return copy }
    copy.exampleMaker = {
      var example = maker()
      example.countedLast = true
      return example
    }
    return copy
  }
}
