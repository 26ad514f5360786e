import EventStore
import Foundation
import GalleryCore
import JSONRPC

/// Everything `gallery-rpc serve` is told by flags and environment variables (a flag wins),
/// with the names fixed by the configuration contract (README's flag table).
public struct ServerConfiguration: Equatable, Sendable {
  public var dataDirectory: String
  /// The provider each area's flag names (`--feed pexels`); an area not named has its default.
  public var providers: [String: String] = [:]
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
  /// Each service's base URL as configured (`PEXELS_BASE_URL`); a service not named has its default.
  public var baseURLs: [String: String] = [:]
  /// Each service key as configured (`PEXELS_API_KEY`), by variable. The secret ones are never
  /// printed, logged or recorded (`secrets`).
  public var keys: [String: String] = [:]
  /// The language of the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`), recorded at the first start.
  public var locale = Language.en
  /// Hosts (`host` or `host:port`, lower case) the operator allows a named environment defined
  /// at run time to send the configured keys to (`--key-hosts`, `GALLERY_KEY_HOSTS`, comma
  /// separated). A key always goes to the origin it was configured for; any other gets none.
  public var keyHosts: Set<String> = []
  /// `--consent destructive` (`GALLERY_CONSENT`): the owner lets a client that is not the user
  /// (an assistant over MCP) call what removes the user's things, signs out or drops credentials.
  public var consentsToDestructive = false
  /// `--admit observe|drive` (`GALLERY_ADMIT`): the most a client on the attach point may do
  /// (`attach/role`); default `observe`, which reads and follows but sends no action.
  public var admits = AttachRole.observe

  /// A flag or value that cannot be used, named.
  public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// The provider serving `area` as configured.
  public func provider(_ area: String) -> String {
    providers[area] ?? ProviderChoices.choice(area)?.names.first ?? "demo"
  }

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
    for choice in ProviderChoices.all { if let v = environment[choice.variable] { values[choice.flag] = v } }
    if let v = environment["GALLERY_LOG_LEVEL"] { values["--log-level"] = v }
    if let v = environment["GALLERY_RETAIN_HOURS"] { values["--retain-hours"] = v }
    if let v = environment["GALLERY_RETAIN_BYTES"] { values["--retain-bytes"] = v }
    if let v = environment["GALLERY_KEY_HOSTS"] { values["--key-hosts"] = v }
    if let v = environment["GALLERY_CONSENT"] { values["--consent"] = v }
    if let v = environment["GALLERY_ADMIT"] { values["--admit"] = v }
    var args = arguments[...]
    let known =
      [
        "--data-dir", "--framing", "--durability", "--log-level", "--max-message-bytes", "--retain-hours",
        "--retain-bytes", "--seed", "--inspect", "--key-hosts", "--consent", "--admit",
      ]
      + ProviderChoices.all.map(\.flag)
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
    for choice in ProviderChoices.all {
      guard let v = values[choice.flag] else { continue }
      guard choice.names.contains(v) else {
        throw Problem(
          description:
            "\(choice.flag) must be one of \(choice.names.joined(separator: ", ")) (got \(String(reflecting: v)))"
        )
      }
      config.providers[choice.area] = v
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
    if let v = values["--key-hosts"] {
      for host in v.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() })
      where !host.isEmpty {
        guard host.count <= 260,
          host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]".contains($0)) })
        else {
          throw Problem(
            description:
              "--key-hosts takes host or host:port names, comma separated (got \(String(reflecting: host)))")
        }
        config.keyHosts.insert(host)
      }
    }
    if let v = values["--consent"] {
      guard v == "destructive" || v == "none" else {
        throw Problem(description: "--consent must be destructive or none (got \(String(reflecting: v)))")
      }
      config.consentsToDestructive = v == "destructive"
    }
    if let v = values["--admit"] {
      guard let role = AttachRole(rawValue: v) else {
        throw Problem(description: "--admit must be observe or drive (got \(String(reflecting: v)))")
      }
      config.admits = role
    }
    if let v = values["--max-message-bytes"] {
      guard let n = Int(v), n >= 1024, n <= 1 << 30 else {
        throw Problem(description: "--max-message-bytes must be a whole number from 1024 to 1073741824")
      }
      config.maxMessageBytes = n
    }
    for service in ProviderChoices.services {
      if let base = environment[service.baseURLVariable], !base.isEmpty {
        guard Endpoint.url(base: base, path: "/") != nil else {
          throw Problem(description: "\(service.baseURLVariable) must be an http(s) URL")
        }
        config.baseURLs[service.name] = base
      }
      for key in service.keys {
        if let value = environment[key.variable], !value.isEmpty { config.keys[key.variable] = value }
      }
    }
    config.locale = Language.fromLocale(environment)
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
    ProviderChoices.all.flatMap { $0.warnings(provider($0.area), configured: Set(keys.keys)) }
  }

  /// Every configured secret (API keys, the client secret): never recorded, sent or logged. A
  /// service's public default key is no secret (and matching it would cost every append).
  public var secrets: [String] {
    ProviderChoices.services.flatMap(\.keys).filter(\.secret).compactMap { key in
      keys[key.variable].flatMap { $0 == key.publicDefault ? nil : $0 }
    }
  }

  public func environment(http: any HTTPClient = DefaultHTTPClient.make()) -> GalleryEnvironment {
    var environment = GalleryEnvironment(images: ImageSource(http: http))
    ProviderChoices.install(providers, configuration: providerConfiguration(http: http), in: &environment)
    environment.locale = locale
    environment.rebuild = { settings in self.providers(settings, http: http) }
    return environment
  }

  /// What providers are built from: the configured base URLs and keys.
  func providerConfiguration(http: any HTTPClient) -> ProviderConfiguration {
    ProviderConfiguration(
      baseURLs: baseURLs, keys: keys, http: http, dataDirectory: dataDirectory, report: Self.reportError)
  }

  /// Where the files the core keeps report damage: stderr at `error` (always shown).
  static let reportError: @Sendable (String) -> Void = {
    DiagnosticOutput.standardError.line("gallery-rpc [error] \($0)")
  }

  /// The providers `settings` choose, with its environment's base URLs over the configured ones
  /// (areas chosen only at start-up keep their flag's provider).
  func providers(_ settings: ProviderSettings, http: any HTTPClient) -> GalleryEnvironment {
    var configuration = providerConfiguration(http: http)
    for (service, url) in settings.baseURLs {
      guard let declared = ProviderChoices.services.first(where: { $0.name == service }) else { continue }
      let configured = configuration.baseURL(declared)
      configuration.baseURLs[service] = url
      // A key goes only where it was configured to go, or to a host the operator allowed.
      if !KeyDestination.allows(url, configured: configured, hosts: keyHosts) {
        for key in declared.keys { configuration.keys[key.variable] = nil }
      }
    }
    var chosen = providers
    chosen.merge(settings.byArea) { _, chosen in chosen }
    var environment = GalleryEnvironment(images: ImageSource(http: http))
    ProviderChoices.install(chosen, configuration: configuration, in: &environment)
    return environment
  }
}
