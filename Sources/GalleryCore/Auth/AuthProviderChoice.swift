extension ReqresAuthBackend {
  /// reqres.in: sign-in and registration, with its public free-tier key unless one is given.
  public static let service = ProviderService(
    "reqres", defaultBaseURL: defaultBaseURL, keys: [.init("REQRES_API_KEY", publicDefault: defaultAPIKey)])
}

extension AuthFeature {
  /// The sign-in backend, chosen at start-up only (`--auth`): the demo's accounts kept beside
  /// the log, or reqres.in.
  static let providerChoice: ProviderChoice? = ProviderChoice(
    area: "auth", summary: "the sign-in backend",
    options: [
      ProviderOption("demo") { c, environment in
        environment.auth = DemoAuthBackend(file: c.dataDirectory + "/demo-accounts.json", report: c.report)
      },
      ProviderOption(
        "reqres",
        needs: [
          "REQRES_API_KEY":
            "sending reqres.in's public free-tier key (\(ReqresAuthBackend.defaultAPIKey)), which its free limits apply to"
        ]
      ) { c, environment in
        let service = ReqresAuthBackend.service
        environment.auth = ReqresAuthBackend(
          baseURL: c.baseURL(service), apiKey: c.key("REQRES_API_KEY", of: service) ?? "", http: c.http)
      },
    ],
    services: [ReqresAuthBackend.service], atRunTime: false,
    installed: { $0.auth is ReqresAuthBackend ? "reqres" : "demo" })
}

extension ProviderArea {
  /// Where Auth's provider requests report what they observed.
  public static let auth = ProviderArea(declaring: "auth", order: 50)
}

extension AuthFeature {
  static let providerArea: ProviderArea = .auth
  /// Its provider has one budget: no narrower area.
  static let limitAreas: [ProviderArea] = []
}
