/// How the app is built (`/shape`), as the frontend declares it in `initialize`: whether a
/// sign-in comes first, and which top-level screen is home. The five apps this core serves
/// differ here: some sign in first, some have no sign-in, one starts at the account.
public struct AppShape: Codable, Equatable, Sendable {
  /// Whether the app shows its screens only to a signed-in user.
  public enum SignIn: String, Codable, Sendable, CaseIterable {
    /// The app starts at the sign-in screen; signing out closes every screen (the default).
    case required
    /// No sign-in: the app starts on its home screen and loads it without a session.
    case none
  }

  public var signIn: SignIn
  /// The screen a start (or a sign-in) lands on: one of `homes`.
  public var home: Tab

  public init(signIn: SignIn = .required, home: Tab = .feed) {
    self.signIn = signIn
    self.home = home
  }

  /// The screens home may be: the tabs declared able to (`TabDeclaration.canBeHome`).
  public static var homes: [Tab] { Tab.homes }
}

extension AppShape: PersistedDefaults {
  /// Sign-in first, the feed as home.
  public static var persistedDefaults: AppShape { AppShape() }
}

extension AppShape: SchemaRefined {
  /// Only a tab that can be home is one.
  public static var schemaRefinements: [String: JSONValue] { ["home": Schema.oneOf(homes.map(\.rawValue))] }
}
