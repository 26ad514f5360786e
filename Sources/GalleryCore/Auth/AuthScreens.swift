extension Route.Screen {
  /// Sign-in, the app's first screen when a session is required.
  public static let login = Route.Screen(declaring: "login")
  /// Registration, pushed from sign-in.
  public static let registration = Route.Screen(declaring: "registration")
}

extension AuthFeature {
  static let screens: [Route.Screen] = [.login, .registration]
}
