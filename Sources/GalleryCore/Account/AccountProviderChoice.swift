extension ImgurProvider {
  /// api.imgur.com: browser sign-in and the user's images. The client id is public (it is in
  /// the authorize URL); the secret refreshes expired tokens.
  public static let service = ProviderService(
    "imgur", defaultBaseURL: defaultBaseURL,
    keys: [.init("IMGUR_CLIENT_ID", secret: false), .init("IMGUR_CLIENT_SECRET")])
}

extension AccountFeature {
  /// The account's service: the offline demo account, or Imgur.
  static let providerChoice: ProviderChoice? = ProviderChoice(
    area: "account", summary: "the account's service",
    options: [
      ProviderOption("demo") { _, environment in environment.account = DemoAccount() },
      ProviderOption(
        "imgur",
        needs: [
          "IMGUR_CLIENT_ID": "sign-in is refused with config.missingKey",
          "IMGUR_CLIENT_SECRET": "expired tokens cannot be refreshed",
        ]
      ) { c, environment in
        let service = ImgurProvider.service
        environment.account = ImgurProvider(
          baseURL: c.baseURL(service), clientID: c.key("IMGUR_CLIENT_ID", of: service) ?? "",
          clientSecret: c.key("IMGUR_CLIENT_SECRET", of: service), http: c.http)
      },
    ],
    services: [ImgurProvider.service], installed: { $0.account.info.name })
}

extension ProviderArea {
  /// Where Account's provider requests report what they observed.
  public static let account = ProviderArea(declaring: "account", order: 30)
  /// Imgur's budget of uploads an hour (`X-Post-Rate-Limit-*`): its 429 gates uploads only,
  /// while the client's and the user's budgets (`account`) gate every account request.
  public static let accountPosts = ProviderArea(declaring: "accountPosts", order: 35)
}

extension AccountFeature {
  static let providerArea: ProviderArea = .account
  static let limitAreas: [ProviderArea] = [.accountPosts]
}
