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
  func isEqual(to other: any FeatureValue) -> Bool { other.isEqual(toValue: self) }

  /// `isEqual(to:)` with the other side's type known (opened from its existential).
  private func isEqual<Other: FeatureValue>(toValue other: Other) -> Bool { sameValue(self, other) }

  /// `feature(case)`, as an enum with a case per feature would print.
  var tagged: String { "\(Self.feature)(\(self))" }

  /// How a carrier reads this type under its feature's key, wrapped by `carry` (no cast: the
  /// type is known where the reader is made).
  static func reader<Carrier>(_ carry: @escaping @Sendable (Self) -> Carrier) -> FeatureValueReader<Carrier> {
    FeatureValueReader(feature: feature) { container, key in
      carry(try container.decode(Self.self, forKey: key))
    }
  }
}

/// Reads one feature's value out of `{"feature": value}` as the carrier holding it.
struct FeatureValueReader<Carrier>: Sendable {
  /// The feature whose key it reads.
  let feature: String
  let read: @Sendable (KeyedDecodingContainer<FeatureKey>, FeatureKey) throws -> Carrier
}

/// What carries one feature's value (`Action`, `AnyFeatureEffect`): equal when the values are,
/// printed and coded as `{"feature": value}`, decoded through the types the composed features
/// declare.
protocol FeatureValueCarrier: Codable, Equatable, CustomStringConvertible {
  /// The value carried.
  var carried: any FeatureValue { get }
  /// What it carries, in a message: "an action".
  static var what: String { get }
  /// The composed features' readers of the values it carries, by feature name.
  static var readers: [String: FeatureValueReader<Self>] { get }
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
    self = try FeatureValueCoding.decode(from: decoder, Self.readers, what: Self.what)
  }
}

/// Encodes and decodes a feature's value as `{"feature": value}`.
enum FeatureValueCoding {
  static func encode(_ value: any FeatureValue, to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FeatureKey.self)
    try container.encode(value, forKey: FeatureKey(type(of: value).feature))
  }

  /// The value under the one key of `decoder`'s object, read by the reader `readers` has for it.
  static func decode<Carrier>(
    from decoder: any Decoder, _ readers: [String: FeatureValueReader<Carrier>], what: String
  ) throws -> Carrier {
    let container = try decoder.container(keyedBy: FeatureKey.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "\(what) names exactly one feature"))
    }
    guard let reader = readers[key.stringValue] else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "no feature \(key.stringValue) has \(what)"))
    }
    return try reader.read(container, key)
  }

  /// The given readers of the composed features, by feature name.
  static func readers<Carrier>(_ list: [FeatureValueReader<Carrier>]) -> [String: FeatureValueReader<Carrier>]
  {
    var readers: [String: FeatureValueReader<Carrier>] = [:]
    for reader in list {
      precondition(
        readers.updateValue(reader, forKey: reader.feature) == nil, "two features are named \(reader.feature)"
      )
    }
    return readers
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
