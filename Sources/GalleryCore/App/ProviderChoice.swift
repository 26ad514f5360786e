/// A web service providers talk to, declared beside the provider that uses it: the base URL
/// it is configured with (`NAME_BASE_URL`, which a named environment may override) and the
/// keys it reads from the environment. Two features may share one (Pexels serves the feed and
/// the videos).
public struct ProviderService: Sendable, Equatable {
  /// A key the service reads from an environment variable.
  public struct Key: Sendable, Equatable {
    public let variable: String
    /// Never logged, recorded or sent (an API key, a client secret); a public identifier is not.
    public let secret: Bool
    /// The value used when the variable is unset (a public key a service offers), if any.
    public let publicDefault: String?

    public init(_ variable: String, secret: Bool = true, publicDefault: String? = nil) {
      self.variable = variable
      self.secret = secret
      self.publicDefault = publicDefault
    }
  }

  /// The name environments use (`{name: {service: baseURL}}`).
  public let name: String
  public let defaultBaseURL: String
  public let keys: [Key]

  public init(_ name: String, defaultBaseURL: String, keys: [Key] = []) {
    self.name = name
    self.defaultBaseURL = defaultBaseURL
    self.keys = keys
  }

  /// The variable that configures its base URL.
  public var baseURLVariable: String { name.uppercased() + "_BASE_URL" }
}

/// What a provider is built from: the base URL of each service in effect (configured, or the
/// environment in use), the keys, the HTTP client, and where the core keeps its files.
public struct ProviderConfiguration: Sendable {
  /// Service name → base URL; a service not named here has its default.
  public var baseURLs: [String: String]
  /// Key variable → value, as configured (unset keys are absent).
  public var keys: [String: String]
  public var http: any HTTPClient
  public var dataDirectory: String
  /// Where a kept file reports damage (stderr at `error` in `serve`).
  public var report: @Sendable (String) -> Void

  public init(
    baseURLs: [String: String] = [:], keys: [String: String] = [:], http: any HTTPClient,
    dataDirectory: String, report: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.baseURLs = baseURLs
    self.keys = keys
    self.http = http
    self.dataDirectory = dataDirectory
    self.report = report
  }

  /// The base URL in effect for `service`.
  public func baseURL(_ service: ProviderService) -> String {
    baseURLs[service.name] ?? service.defaultBaseURL
  }

  /// The key `variable` of `service`, or its public default; nil when neither is there.
  public func key(_ variable: String, of service: ProviderService) -> String? {
    keys[variable] ?? service.keys.first { $0.variable == variable }?.publicDefault
  }
}

/// One provider a user may choose for a feature: its name, how it is installed in the
/// environment, and the keys it needs, each with what happens without it (said at start-up as
/// `--AREA NAME without VARIABLE: …`, never a key's value).
public struct ProviderOption: Sendable {
  public let name: String
  let install: @Sendable (ProviderConfiguration, inout GalleryEnvironment) -> Void
  /// Each key variable it needs, and what happens when it is not set.
  let needs: KeyValuePairs<String, String>

  public init(
    _ name: String, needs: KeyValuePairs<String, String> = [:],
    install: @escaping @Sendable (ProviderConfiguration, inout GalleryEnvironment) -> Void
  ) {
    self.name = name
    self.install = install
    self.needs = needs
  }
}

/// How a feature's provider is chosen, declared once by the feature: at start-up by
/// `--AREA` (or `GALLERY_AREA`), and, when `atRunTime`, by `settings/update`'s
/// `AREAProvider`, kept at `/settings/providers/AREA`. The flags, the usage text, the
/// settings' members and schema and `settings/update`'s parameters are derived from these
/// (`ProviderChoices`).
public struct ProviderChoice: Sendable {
  /// The feature's provider area, as flags and settings name it (`feed`).
  public let area: String
  /// What the provider is, for the usage text and the method's parameter (`the feed's source`).
  public let summary: String
  /// The choices; the first is the default (the offline demo).
  public let options: [ProviderOption]
  /// The services its options talk to.
  public let services: [ProviderService]
  /// Whether `settings/update` may choose it while the core runs.
  public let atRunTime: Bool
  /// The name of the provider `environment` serves the area with.
  let installed: @Sendable (GalleryEnvironment) -> String

  public init(
    area: String, summary: String, options: [ProviderOption], services: [ProviderService] = [],
    atRunTime: Bool = true, installed: @escaping @Sendable (GalleryEnvironment) -> String
  ) {
    precondition(!options.isEmpty, "\(area): a provider choice needs an option")
    self.area = area
    self.summary = summary
    self.options = options
    self.services = services
    self.atRunTime = atRunTime
    self.installed = installed
  }

  /// The names users may choose, the default first.
  public var names: [String] { options.map(\.name) }
  /// The start-up flag (`--feed`) and its environment variable (`GALLERY_FEED`).
  public var flag: String { "--" + area }
  public var variable: String { "GALLERY_" + area.uppercased() }

  /// The option named `name`, or the default.
  public func option(_ name: String) -> ProviderOption {
    options.first { $0.name == name } ?? options[0]
  }

  /// What the option named `name` lacks when only the key variables in `configured` are set.
  public func warnings(_ name: String, configured: Set<String>) -> [String] {
    let option = option(name)
    return option.needs.filter { !configured.contains($0.key) }.map {
      "\(flag) \(option.name) without \($0.key): \($0.value)"
    }
  }
}
