import EventStore
import Foundation
import GalleryCore
import JSONRPC

/// Everything `gallery-rpc serve` is told by flags and environment variables (a flag wins),
/// with the names fixed by the configuration contract (README's flag table).
public struct ServerConfiguration: Equatable, Sendable {
  public var dataDirectory: String
  public var feed = "demo"
  public var albums = "demo"
  public var account = "demo"
  public var auth = "demo"
  public var video = "demo"
  public var framing = FramingChoice.auto
  public var durability = Durability.fsync
  public var logLevel = Logger.Level.info
  public var maxMessageBytes = 16 << 20
  /// `--test-clock [START]`: the time the hand-moved clock starts at (milliseconds since
  /// the epoch); nil: real time.
  public var testClockStart: Int64?
  /// `--seed N`: fixes every random choice that reaches the log (nil: the system's).
  public var seed: UInt64?
  /// `--inspect FILE`: serve a copy of this log or bundle read-only (the inspector).
  public var inspect: String?
  /// The test clock's default start, 2000-01-01T00:00:00Z.
  public static let defaultTestClockStart: Int64 = 946_684_800_000
  /// The history the log keeps (`--retain-hours`, default a day; nil: all of it).
  public var retention: Retention? = .day
  public var reqresBaseURL = ReqresAuthBackend.defaultBaseURL
  /// Never printed: `description` and logs leave it out.
  public var reqresAPIKey = ReqresAuthBackend.defaultAPIKey
  public var pixabayBaseURL = PixabayProvider.defaultBaseURL
  public var pixabayAPIKey: String? = nil
  public var pexelsBaseURL = PexelsProvider.defaultBaseURL
  public var pexelsAPIKey: String? = nil
  public var jsonPlaceholderBaseURL = JSONPlaceholderProvider.defaultBaseURL
  public var imgurBaseURL = ImgurProvider.defaultBaseURL
  /// Public (it is part of the authorize URL).
  public var imgurClientID: String? = nil
  /// Never printed.
  public var imgurClientSecret: String? = nil
  /// The language of the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`), recorded at the first start.
  public var locale = Language.en

  /// A flag or value that cannot be used, named.
  public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// The choices of each provider setting.
  public static let providerChoices: [(flag: String, variable: String, choices: [String])] = [
    ("--feed", "GALLERY_FEED", ["demo", "pixabay", "pexels"]),
    ("--albums", "GALLERY_ALBUMS", ["demo", "jsonplaceholder"]),
    ("--account", "GALLERY_ACCOUNT", ["demo", "imgur"]),
    ("--auth", "GALLERY_AUTH", ["demo", "reqres"]),
    ("--video", "GALLERY_VIDEO", ["demo", "pexels"]),
  ]

  /// The default data directory: `$XDG_DATA_HOME/gallery-rpc`, else `~/.local/share/gallery-rpc`.
  public static func defaultDataDirectory(_ environment: [String: String]) -> String {
    if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { return xdg + "/gallery-rpc" }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return home + "/.local/share/gallery-rpc"
  }

  /// The start of `--test-clock`: an ISO 8601 UTC time (`2000-01-01T00:00:00Z`, milliseconds
  /// optional), or the default when none is given.
  static func testClockStart(_ text: String?) throws(Problem) -> Int64 {
    guard let text else { return defaultTestClockStart }
    let full = text.count == 20 && text.hasSuffix("Z") ? String(text.dropLast()) + ".000Z" : text
    guard let millis = ISOTime.parse(Array(full.utf8)) else {
      throw Problem(
        description:
          "--test-clock takes an ISO 8601 UTC time like 2000-01-01T00:00:00Z (got \(String(reflecting: text)))"
      )
    }
    guard (ISOTime.earliestMillis...ISOTime.latestMillis).contains(millis) else {
      throw Problem(
        description:
          "--test-clock must be from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z, the times the log holds (got \(String(reflecting: text)))"
      )
    }
    return millis
  }

  /// Reads `arguments` (flags after the subcommand) and `environment`.
  public static func parse(_ arguments: [String], environment: [String: String]) throws(Problem)
    -> ServerConfiguration
  {
    var config = ServerConfiguration(
      dataDirectory: environment["GALLERY_DATA_DIR"] ?? defaultDataDirectory(environment))
    var values: [String: String] = [:]
    for (flag, variable, _) in providerChoices { if let v = environment[variable] { values[flag] = v } }
    if let v = environment["GALLERY_LOG_LEVEL"] { values["--log-level"] = v }
    if let v = environment["GALLERY_RETAIN_HOURS"] { values["--retain-hours"] = v }
    if let v = environment["GALLERY_RETAIN_BYTES"] { values["--retain-bytes"] = v }
    var args = arguments[...]
    let known =
      [
        "--data-dir", "--framing", "--durability", "--log-level", "--max-message-bytes", "--retain-hours",
        "--retain-bytes", "--seed", "--inspect",
      ]
      + providerChoices.map(\.flag)
    while let arg = args.popFirst() {
      // `--test-clock` takes an optional START.
      if arg == "--test-clock" || arg.hasPrefix("--test-clock=") {
        var start = arg.hasPrefix("--test-clock=") ? String(arg.dropFirst("--test-clock=".count)) : nil
        if start == nil, let next = args.first, !next.hasPrefix("--") {
          start = next
          args.removeFirst()
        }
        config.testClockStart = try testClockStart(start)
        continue
      }
      var name = arg
      var value: String?
      if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
        name = String(arg[..<eq])
        value = String(arg[arg.index(after: eq)...])
      }
      guard known.contains(name) else {
        throw Problem(description: "unknown option \(String(reflecting: arg)); see --help")
      }
      if value == nil {
        guard let next = args.popFirst(), !next.hasPrefix("--") else {
          throw Problem(description: "\(name) needs a value")
        }
        value = next
      }
      values[name] = value
    }
    if let inspect = values["--inspect"] {
      guard FileManager.default.isReadableFile(atPath: inspect) else {
        throw Problem(description: "--inspect: cannot read \(String(reflecting: inspect))")
      }
      config.inspect = inspect
    }
    if let seed = values["--seed"] {
      guard let n = UInt64(seed) else {
        throw Problem(
          description: "--seed takes a whole number from 0 to \(UInt64.max) (got \(String(reflecting: seed)))"
        )
      }
      config.seed = n
    }
    if let dir = values["--data-dir"] {
      guard !dir.isEmpty else { throw Problem(description: "--data-dir must not be empty") }
      config.dataDirectory = dir
    }
    for (flag, _, choices) in providerChoices {
      guard let v = values[flag] else { continue }
      guard choices.contains(v) else {
        throw Problem(
          description:
            "\(flag) must be one of \(choices.joined(separator: ", ")) (got \(String(reflecting: v)))")
      }
      switch flag {
      case "--feed": config.feed = v
      case "--albums": config.albums = v
      case "--account": config.account = v
      case "--auth": config.auth = v
      default: config.video = v
      }
    }
    if let v = values["--framing"] {
      guard let f = FramingChoice(rawValue: v) else {
        throw Problem(description: "--framing must be auto, lsp or ndjson (got \(String(reflecting: v)))")
      }
      config.framing = f
    }
    if let v = values["--durability"] {
      guard let d = Durability(v) else {
        throw Problem(
          description: "--durability must be fsync, batch, batch:MS or none (got \(String(reflecting: v)))")
      }
      config.durability = d
    }
    if let v = values["--log-level"] {
      guard let l = Logger.Level(v) else {
        throw Problem(
          description: "--log-level must be error, warn, info or debug (got \(String(reflecting: v)))")
      }
      config.logLevel = l
    }
    var keepMillis: Int64? = Retention.day.keepMillis
    var keepBytes: Int64? = Retention.defaultBytes
    if let v = values["--retain-hours"] {
      if v == "all" {
        keepMillis = nil
      } else {
        guard let hours = Int(v), hours >= 1, hours <= 24 * 3650 else {
          throw Problem(description: "--retain-hours must be a whole number of hours from 1 to 87600, or all")
        }
        keepMillis = Int64(hours) * 3_600_000
      }
    }
    if let v = values["--retain-bytes"] {
      if v == "all" {
        keepBytes = nil
      } else {
        guard let bytes = Self.byteSize(v), bytes >= 1 << 20, bytes <= 1 << 50 else {
          throw Problem(
            description:
              "--retain-bytes must be a size from 1M to 1P (bytes, or with K, M or G: 512M), or all (got \(String(reflecting: v)))"
          )
        }
        keepBytes = bytes
      }
    }
    config.retention =
      keepMillis == nil && keepBytes == nil
      ? nil : Retention(keepMillis: keepMillis ?? .max, keepBytes: keepBytes)
    if let v = values["--max-message-bytes"] {
      guard let n = Int(v), n >= 1024, n <= 1 << 30 else {
        throw Problem(description: "--max-message-bytes must be a whole number from 1024 to 1073741824")
      }
      config.maxMessageBytes = n
    }
    if let base = environment["REQRES_BASE_URL"], !base.isEmpty {
      guard Endpoint.url(base: base, path: "/") != nil else {
        throw Problem(description: "REQRES_BASE_URL must be an http(s) URL")
      }
      config.reqresBaseURL = base
    }
    if let key = environment["REQRES_API_KEY"], !key.isEmpty { config.reqresAPIKey = key }
    for (variable, apply) in [
      ("PIXABAY_BASE_URL", { (c: inout ServerConfiguration, v: String) in c.pixabayBaseURL = v }),
      ("PEXELS_BASE_URL", { (c: inout ServerConfiguration, v: String) in c.pexelsBaseURL = v }),
      (
        "JSONPLACEHOLDER_BASE_URL",
        { (c: inout ServerConfiguration, v: String) in c.jsonPlaceholderBaseURL = v }
      ),
      ("IMGUR_BASE_URL", { (c: inout ServerConfiguration, v: String) in c.imgurBaseURL = v }),
    ] {
      guard let base = environment[variable], !base.isEmpty else { continue }
      guard Endpoint.url(base: base, path: "/") != nil else {
        throw Problem(description: "\(variable) must be an http(s) URL")
      }
      apply(&config, base)
    }
    config.pixabayAPIKey = environment["PIXABAY_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
    config.pexelsAPIKey = environment["PEXELS_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
    config.locale = Language.fromLocale(environment)
    config.imgurClientID = environment["IMGUR_CLIENT_ID"].flatMap { $0.isEmpty ? nil : $0 }
    config.imgurClientSecret = environment["IMGUR_CLIENT_SECRET"].flatMap { $0.isEmpty ? nil : $0 }
    return config
  }

  /// The providers this configuration names; `settings/update` may later choose others
  /// (and named environments' base URLs) through `rebuild`.
  /// "512M", "2G", "1048576": bytes, with an optional binary K, M or G suffix.
  static func byteSize(_ text: String) -> Int64? {
    let units: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    let upper = text.uppercased()
    let unit = upper.last.flatMap { units[$0] } ?? 1
    let digits = unit == 1 ? upper : String(upper.dropLast())
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let n = Int64(digits)
    else {
      return nil
    }
    let (product, overflow) = n.multipliedReportingOverflow(by: unit)
    return overflow ? nil : product
  }

  /// What the configuration lacks that a provider it names needs, said at start-up (the
  /// keys themselves are never shown).
  public var warnings: [String] {
    var said: [String] = []
    if feed == "pixabay", pixabayAPIKey == nil {
      said.append("--feed pixabay without PIXABAY_API_KEY: loads will fail")
    }
    if feed == "pexels", pexelsAPIKey == nil {
      said.append("--feed pexels without PEXELS_API_KEY: loads will fail")
    }
    if account == "imgur", imgurClientID == nil {
      said.append("--account imgur without IMGUR_CLIENT_ID: sign-in is refused with config.missingKey")
    }
    if account == "imgur", imgurClientSecret == nil {
      said.append("--account imgur without IMGUR_CLIENT_SECRET: expired tokens cannot be refreshed")
    }
    if video == "pexels", pexelsAPIKey == nil {
      said.append("--video pexels without PEXELS_API_KEY: picks will fail")
    }
    if auth == "reqres", reqresAPIKey == ReqresAuthBackend.defaultAPIKey {
      said.append(
        "--auth reqres without REQRES_API_KEY: sending reqres.in's public free-tier key (\(ReqresAuthBackend.defaultAPIKey)), which its free limits apply to"
      )
    }
    return said
  }

  /// Every configured secret (API keys, the client secret): never recorded, sent or logged.
  public var secrets: [String] {
    // reqres's public default key is no secret (and matching it would cost every append).
    let reqres = reqresAPIKey == ReqresAuthBackend.defaultAPIKey ? nil : reqresAPIKey
    return [pixabayAPIKey, pexelsAPIKey, imgurClientSecret, reqres].compactMap { $0 }
  }

  public func environment(http: any HTTPClient = DefaultHTTPClient.make()) -> GalleryEnvironment {
    var chosen = ProviderSettings()
    (chosen.feed, chosen.albums, chosen.account, chosen.video) = (feed, albums, account, video)
    var environment = providers(chosen, http: http)
    environment.locale = locale
    environment.rebuild = { settings in self.providers(settings, http: http) }
    return environment
  }

  /// Where the files the core keeps report damage: stderr at `error` (always shown).
  static let reportError: @Sendable (String) -> Void = {
    DiagnosticOutput.standardError.line("gallery-rpc [error] \($0)")
  }

  /// The providers `settings` choose, with its environment's base URLs over the configured ones.
  func providers(_ settings: ProviderSettings, http: any HTTPClient) -> GalleryEnvironment {
    let urls = settings.baseURLs
    let authBackend: any AuthBackend =
      auth == "reqres"
      ? ReqresAuthBackend(baseURL: urls["reqres"] ?? reqresBaseURL, apiKey: reqresAPIKey, http: http)
      : DemoAuthBackend(file: dataDirectory + "/demo-accounts.json", report: Self.reportError)
    let pexels = urls["pexels"] ?? pexelsBaseURL
    let feedProvider: any PhotoProvider
    switch settings.feed {
    case "pixabay":
      feedProvider = PixabayProvider(
        baseURL: urls["pixabay"] ?? pixabayBaseURL, apiKey: pixabayAPIKey, http: http)
    case "pexels": feedProvider = PexelsProvider(baseURL: pexels, apiKey: pexelsAPIKey, http: http)
    default: feedProvider = DemoCatalog()
    }
    let albumsProvider: any AlbumsProvider =
      settings.albums == "jsonplaceholder"
      ? JSONPlaceholderProvider(baseURL: urls["jsonplaceholder"] ?? jsonPlaceholderBaseURL, http: http)
      : DemoAlbums()
    let accountProvider: any AccountProvider =
      settings.account == "imgur"
      ? ImgurProvider(
        baseURL: urls["imgur"] ?? imgurBaseURL, clientID: imgurClientID ?? "",
        clientSecret: imgurClientSecret,
        http: http)
      : DemoAccount()
    let videoProvider: any VideoProvider =
      settings.video == "pexels"
      ? PexelsVideoProvider(baseURL: pexels, apiKey: pexelsAPIKey, http: http) : DemoVideos()
    var environment = GalleryEnvironment(
      auth: authBackend, feed: feedProvider, images: ImageSource(http: http))
    environment.albums = albumsProvider
    environment.account = accountProvider
    environment.video = videoProvider
    return environment
  }
}
