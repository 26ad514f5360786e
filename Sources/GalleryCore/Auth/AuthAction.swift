/// What a frontend asks of sign-in and registration.
public enum AuthAction: Codable, Equatable, Sendable {
  case setEmail(AuthForm, String)
  case setPassword(AuthForm, Secret)
  case setAge(String)
  case submit(AuthForm)
  case openRegistration
  case logout
}

/// A secret value (a password) that may pass through an action but is never printed,
/// encoded into an event, or kept anywhere but memory.
public struct Secret: Codable, Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  /// The value itself; read it only to send it where it belongs.
  public let value: String

  public init(_ value: String) { self.value = value }

  public init(from decoder: any Decoder) throws {
    value = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode("<redacted>")
  }

  public var description: String { "<secret: \(value.count) characters>" }
  public var debugDescription: String { description }
}

extension AuthAction: FeatureAction {
  typealias Feature = AuthFeature
}

extension Action {
  /// An action of the auth feature.
  public static func auth(_ action: AuthAction) -> Action { Action(action) }
}
