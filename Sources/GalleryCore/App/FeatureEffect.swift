/// One feature's effects: work outside the fold that its own `start` runs. A feature conforms
/// its effect type in its own folder; `Effect.feature` carries any of them.
protocol FeatureEffect: FeatureValue {}

/// A feature's effect inside an `Effect` (`Effect.feature`), built with the constructor each
/// feature declares beside its effect type (`.name(…)`).
public struct AnyFeatureEffect: Codable, Equatable, Sendable, CustomStringConvertible {
  let body: any FeatureEffect

  init(_ body: some FeatureEffect) { self.body = body }

  public static func == (a: AnyFeatureEffect, b: AnyFeatureEffect) -> Bool { a.body.isEqual(to: b.body) }

  public var description: String { body.tagged }

  /// Encoded as `{"feature": effect}`.
  public func encode(to encoder: any Encoder) throws { try FeatureValueCoding.encode(body, to: encoder) }

  /// Decodes `{"feature": effect}` for any composed feature that has effects.
  public init(from decoder: any Decoder) throws {
    let value = try FeatureValueCoding.decode(from: decoder, Self.types, what: "an effect")
    guard let effect = value as? any FeatureEffect else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "not an effect"))
    }
    body = effect
  }

  /// The effect types of the composed features, by feature name.
  private static let types = FeatureValueCoding.types { $0.effects }
}

extension Effect {
  /// The effect as `type`'s, if it is one of that feature's.
  func `as`<E: FeatureEffect>(_ type: E.Type) -> E? {
    guard case .feature(let effect) = self else { return nil }
    return effect.body as? E
  }
}
