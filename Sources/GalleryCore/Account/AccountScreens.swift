extension Route.Screen {
  /// The account: sign-in to the service, the user's images, upload.
  public static let account = Route.Screen(declaring: "account")
}

extension Tab {
  /// The account.
  public static let account = Tab(declaring: "account")
}

extension AccountFeature {
  static let screens: [Route.Screen] = [.account]

  /// The third tab.
  static let tab: TabDeclaration? = TabDeclaration(.account, root: .account, order: 30)
}
