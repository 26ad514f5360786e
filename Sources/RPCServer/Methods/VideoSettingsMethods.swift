import GalleryCore

/// `video/playRandom` and `settings/update`.
enum VideoSettingsMethods {
  static let all: [MethodSpec] = [
    MethodCatalog.action(
      "video/playRandom",
      "Fetches popular videos and picks one at random (the pick is recorded, so replay shows the same); /video gets the rendition best for the declared screen and quality, its poster, duration and author. Video bytes are never downloaded.",
      params: [
        .init(
          "width", Schema.integer(minimum: 1, maximum: 16384), required: false, "the player's width in pixels"
        ),
        .init(
          "height", Schema.integer(minimum: 1, maximum: 16384), required: false,
          "the player's height in pixels"),
        .init(
          "quality", Schema.enumeration(VideoWish.qualities), required: false,
          "sd, hd, uhd or hls (the adaptive stream); default: the best that covers the screen"),
      ]
    ) { p throws(RPCError) in
      Action.video(
        .playRandom(
          VideoWish(
            width: try p.optionalInt("width", in: 1...16384),
            height: try p.optionalInt("height", in: 1...16384),
            quality: try p.optionalString("quality"))))
    },
    MethodCatalog.action(
      "settings/update",
      "Changes any of the settings (every parameter optional; the others stay). An invalid value is refused (-32010, settings.invalid) naming the field, and nothing changes.",
      params: [
        .init("appearance", Schema.enumeration(["system", "light", "dark"]), required: false, "dark mode"),
        .init(
          "language", Schema.enumeration(Language.allCases.map(\.rawValue)), required: false,
          "every message in the state is rendered again in it"),
        .init(
          "feedProvider", Schema.enumeration(["demo", "pixabay", "pexels"]), required: false,
          "the feed's source"),
        .init(
          "albumsProvider", Schema.enumeration(["demo", "jsonplaceholder"]), required: false,
          "the albums' source"),
        .init(
          "accountProvider", Schema.enumeration(["demo", "imgur"]), required: false, "the account's service"),
        .init(
          "videoProvider", Schema.enumeration(["demo", "pexels"]), required: false, "the videos' source"),
        .init(
          "environments", .object(["type": .string("object")]), required: false,
          "named environments to define: {name: {service: baseURL}} (services pixabay, pexels, imgur, jsonplaceholder, reqres); {} removes one"
        ),
        .init(
          "environment", Schema.string, required: false, "production (the configured URLs) or a defined name"),
        .init("pageSize", Schema.integer(minimum: 3, maximum: 200), required: false, "photos per page"),
        .init(
          "prefetchDistance", Schema.integer(minimum: 0, maximum: 100), required: false,
          "rows to prefetch ahead"),
        .init(
          "imageCacheMegabytes", Schema.integer(minimum: 5, maximum: 2000), required: false,
          "the image cache's budget; a smaller one evicts at once"),
      ]
    ) { p throws(RPCError) in
      var change = SettingsChange()
      change.appearance = try p.optionalString("appearance")
      change.language = try p.optionalString("language")
      for feature in ProviderSettings.choices.keys.sorted() {
        change.providers[feature] = try p.optionalString(feature + "Provider")
      }
      change.environment = try p.optionalString("environment")
      change.pageSize = try p.optionalInt("pageSize", in: -1_000_000...1_000_000)
      change.prefetchDistance = try p.optionalInt("prefetchDistance", in: -1_000_000...1_000_000)
      change.imageCacheMegabytes = try p.optionalInt("imageCacheMegabytes", in: -1_000_000...1_000_000)
      change.environments = try environments(p.raw("environments"))
      return Action.settings(.update(change))
    },
  ]

  /// `{name: {service: url}}`, every leaf a string.
  static func environments(_ raw: JSONValue?) throws(RPCError) -> [String: [String: String]]? {
    guard let raw, raw != .null else { return nil }
    guard case .object(let named) = raw, named.count <= 20 else {
      throw RPCError.invalidParams(
        "parameter \"environments\" must be an object of at most 20 {service: url} objects")
    }
    var result: [String: [String: String]] = [:]
    for (name, value) in named {
      guard case .object(let urls) = value else {
        throw RPCError.invalidParams(
          "parameter \"environments\": \(name.prefix(40)) must be an object of base URLs")
      }
      var strings: [String: String] = [:]
      for (service, url) in urls {
        guard case .string(let s) = url else {
          throw RPCError.invalidParams(
            "parameter \"environments\": \(name.prefix(40)).\(service.prefix(40)) must be a string")
        }
        strings[service] = s
      }
      result[name] = strings
    }
    return result
  }
}
