/// A value that belongs to one feature (its action or its effect), carried by `Action` or
/// `Effect.feature` without either naming the feature: encoded as `{"feature": value}`.
protocol FeatureValue: Codable, Equatable, Sendable {
  /// The feature it belongs to, whose `name` is the key of the encoded value (`{"name": …}`).
  associatedtype Feature: FeatureModule
}

extension FeatureValue {
  /// The feature's name: the key of the encoded value, and of its constructor (`.name(…)`).
  static var feature: String { Feature.name }

  /// Whether `other` is the same value of the same feature.
  func isEqual(to other: any FeatureValue) -> Bool { (other as? Self) == self }

  /// `feature(case)`, as an enum with a case per feature would print.
  var tagged: String { "\(Self.feature)(\(self))" }

  fileprivate static func decoded(from container: KeyedDecodingContainer<FeatureKey>, forKey key: FeatureKey)
    throws -> any FeatureValue
  {
    try container.decode(Self.self, forKey: key)
  }
}

/// What carries one feature's value (`Action`, `AnyFeatureEffect`): equal when the values are,
/// printed and coded as `{"feature": value}`, decoded through the types the composed features
/// declare.
protocol FeatureValueCarrier: Codable, Equatable, CustomStringConvertible {
  /// The value carried.
  var carried: any FeatureValue { get }
  /// What it carries, in a message: "an action".
  static var what: String { get }
  /// The composed features' types of the values it carries, by feature name.
  static var types: [String: any FeatureValue.Type] { get }
  /// Carries `value`, one of `types`; nil when `value` is not of the kind carried.
  init?(carrying value: any FeatureValue)
}

extension FeatureValueCarrier {
  public static func == (a: Self, b: Self) -> Bool { a.carried.isEqual(to: b.carried) }

  public var description: String { carried.tagged }

  /// The name of the feature whose value it carries.
  var feature: String { type(of: carried).feature }

  /// Encoded as `{"feature": value}`.
  public func encode(to encoder: any Encoder) throws { try FeatureValueCoding.encode(carried, to: encoder) }

  /// Decodes `{"feature": value}` for any composed feature that has such values.
  public init(from decoder: any Decoder) throws {
    let value = try FeatureValueCoding.decode(from: decoder, Self.types, what: Self.what)
    guard let carrier = Self(carrying: value) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "not \(Self.what)"))
    }
    self = carrier
  }
}

/// Encodes and decodes a feature's value as `{"feature": value}`.
enum FeatureValueCoding {
  static func encode(_ value: any FeatureValue, to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FeatureKey.self)
    try container.encode(value, forKey: FeatureKey(type(of: value).feature))
  }

  /// The value under the one key of `decoder`'s object, read as the type `types` has for it.
  static func decode(from decoder: any Decoder, _ types: [String: any FeatureValue.Type], what: String) throws
    -> any FeatureValue
  {
    let container = try decoder.container(keyedBy: FeatureKey.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "\(what) names exactly one feature"))
    }
    guard let type = types[key.stringValue] else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "no feature \(key.stringValue) has \(what)"))
    }
    return try type.decoded(from: container, forKey: key)
  }

  /// The given value types of the composed features, by feature name.
  static func types(_ values: [any FeatureValue.Type]) -> [String: any FeatureValue.Type] {
    var types: [String: any FeatureValue.Type] = [:]
    for type in values {
      precondition(
        types.updateValue(type, forKey: type.feature) == nil, "two features are named \(type.feature)")
    }
    return types
  }
}

/// A feature's name as a coding key.
struct FeatureKey: CodingKey {
  let stringValue: String
  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  var intValue: Int? { nil }
  init?(intValue: Int) { nil }
}
