/// One feature's actions: what a frontend (or the runtime) can ask of that feature, decided by
/// it alone. A feature conforms its action type in its own folder; `Action` carries any of them,
/// so adding a feature adds no case anywhere else.
protocol FeatureAction: FeatureValue {
  /// The events its feature records for it in `state`, or why it refuses.
  func decide(_ state: AppState) throws(Rejection) -> [Event]
}

/// Everything a frontend can ask for: one feature's action. Built with the constructor each
/// feature declares beside its action type (`.name(…)`), read back with `as`.
public struct Action: Codable, Equatable, Sendable, CustomStringConvertible {
  let body: any FeatureAction

  init(_ body: some FeatureAction) { self.body = body }

  /// The action as `type`'s, if it is one of that feature's.
  func `as`<A: FeatureAction>(_ type: A.Type) -> A? { body as? A }

  /// The events the action's feature records for it, or why it refuses.
  func decide(_ state: AppState) throws(Rejection) -> [Event] { try body.decide(state) }

  public static func == (a: Action, b: Action) -> Bool { a.body.isEqual(to: b.body) }

  public var description: String { body.tagged }

  /// Encoded as `{"feature": action}`.
  public func encode(to encoder: any Encoder) throws { try FeatureValueCoding.encode(body, to: encoder) }

  /// Decodes `{"feature": action}` for any composed feature that takes actions.
  public init(from decoder: any Decoder) throws {
    let value = try FeatureValueCoding.decode(from: decoder, Self.types, what: "an action")
    guard let action = value as? any FeatureAction else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "not an action"))
    }
    body = action
  }

  /// The action types of the composed features, by feature name.
  private static let types = FeatureValueCoding.types { $0.actions }
}
