extension AuthFeature {
  /// Sign-in with mistakes first (a bad email, a short and a wrong password), the
  /// registration form's age checks, then the demo account.
  static func demoScene(in directory: String) throws -> DemoScene? {
    DemoScene(
      order: 10,
      [
        ("auth/setEmail {\"value\":\"test@\"}", .auth(.setEmail(.login, "test@"))),
        ("auth/setEmail {\"value\":\"test@mail.com\"}", .auth(.setEmail(.login, "test@mail.com"))),
        ("auth/setPassword {\"value\":\"•••\"}", .auth(.setPassword(.login, Secret("123")))),
        ("auth/submitLogin", .auth(.submit(.login))),
        (
          "auth/setPassword {\"value\":\"••••••\"} (a wrong one)",
          .auth(.setPassword(.login, Secret("654321")))
        ),
        ("auth/submitLogin", .auth(.submit(.login))),
        ("registration/open", .auth(.openRegistration)),
        ("registration/setAge {\"value\":\"twelve\"}", .auth(.setAge("twelve"))),
        ("registration/setAge {\"value\":\"12\"}", .auth(.setAge("12"))),
        ("nav/back", .navigation(.back)),
        (
          "auth/setPassword {\"value\":\"••••••\"} (the demo password 123456)",
          .auth(.setPassword(.login, Secret("123456")))
        ),
        ("auth/submitLogin", .auth(.submit(.login))),
      ])
  }
}
