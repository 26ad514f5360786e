import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// Settings in a real store: a language switch mid-session, refusals naming the field,
/// limits that act at once, providers switched at run time, and all of it after a restart.
final class SettingsStoreTests: XCTestCase {
  func change(_ edit: (inout SettingsChange) -> Void) -> Action {
    var change = SettingsChange()
    edit(&change)
    return .settings(.update(change))
  }

  func testALanguageSwitchMidSessionRendersEveryMessageAgainAndReplaysTheSame() throws {
    let dir = TemporaryDirectory()
    var store = try Store(
      dataDirectory: dir.path, environment: GalleryEnvironment(locale: .es),
      options: .init(durability: .none, timerScale: 0))
    XCTAssertEqual(store.state.settings.language, .es, "the first start takes the locale's language")
    XCTAssertEqual(store.state.settings.languageSource, "environment")
    try store.send(.auth(.setEmail(.login, "nope")))
    XCTAssertEqual(
      store.state.login.email.error?.message, "Escribe un correo válido, como nombre@ejemplo.com.")
    try store.send(.feed(.setConnectivity(online: false)))
    try store.send(.auth(.submit(.login)))
    XCTAssertEqual(store.state.login.password.error?.message, "Escribe tu contraseña.")

    try store.send(change { $0.language = "en" })
    XCTAssertEqual(
      store.state.login.email.error?.message, "Enter a valid email address, like name@example.com.")
    XCTAssertEqual(store.state.login.password.error?.message, "Enter your password.")
    XCTAssertEqual(store.state.settings.languageSource, "user")
    let english = store.state
    try store.send(change { $0.language = "es" })
    try store.send(change { $0.language = "en" })
    XCTAssertEqual(store.state.login, english.login, "round trip renders the same texts")
    try store.close()

    // A restart does not detect the locale again, and the log replays to the same state.
    store = try Store(
      dataDirectory: dir.path, environment: GalleryEnvironment(locale: .es),
      options: .init(durability: .none, timerScale: 0))
    XCTAssertEqual(store.state.settings.language, .en)
    XCTAssertEqual(try Replay.state(ofLogAt: dir.path + "/events.jsonl"), store.state)
    let detected = try LogCursorEvents.types(dir.path + "/events.jsonl").filter {
      $0 == "settings.languageDetected"
    }
    XCTAssertEqual(detected.count, 1)
    try store.close()
  }

  func testInvalidValuesAreRefusedNamingTheFieldAndChangeNothing() throws {
    let dir = TemporaryDirectory()
    let store = try Store(dataDirectory: dir.path, options: .init(durability: .none, timerScale: 0))
    let cases: [(Action, String)] = [
      (change { $0.appearance = "purple" }, "Appearance must be one of: system, light, dark."),
      (change { $0.language = "fr" }, "Language must be one of: en, es."),
      (change { $0.providers["feed"] = "flickr" }, "Photo provider must be one of: demo, pixabay, pexels."),
      (change { $0.pageSize = 2 }, "Page size must be from 3 to 200."),
      (change { $0.prefetchDistance = -1 }, "Prefetch distance must be from 0 to 100."),
      (change { $0.imageCacheMegabytes = 1 }, "Image cache (MB) must be from 5 to 2000."),
      (change { $0.environment = "staging" }, "environment must be production or a defined environment."),
      (
        change { $0.environments = ["uat": ["pixabay": "file:///etc"]] },
        "environments.uat.pixabay must be an http(s) URL."
      ),
      (
        change { $0.environments = ["uat": ["flickr": "https://x.example"]] },
        "environments.uat.flickr is not a service (reqres, pixabay, pexels, jsonplaceholder, imgur)."
      ),
      (
        change {
          $0.pageSize = 30; $0.appearance = "x"
        }, "Appearance must be one of: system, light, dark."
      ),
    ]
    for (action, message) in cases {
      XCTAssertThrowsError(try store.send(action)) { error in
        XCTAssertEqual((error as? Rejection)?.code, "settings.invalid")
        XCTAssertEqual((error as? Rejection)?.message, message)
      }
    }
    XCTAssertEqual(store.state.settings, Settings(), "nothing changed, not even the valid half")
    XCTAssertEqual(store.version, 0)
    try store.close()
  }

  func testLimitsActAtOnceAndProvidersSwitchAtRunTime() throws {
    let dir = TemporaryDirectory()
    let rebuilt = Locked<[ProviderSettings]>([])
    let environment = GalleryEnvironment(rebuild: { settings in
      rebuilt.mutate { $0.append(settings) }
      return GalleryEnvironment(feed: settings["feed"] == "pexels" ? RenamedCatalog() : DemoCatalog())
    })
    var store = try Store(
      dataDirectory: dir.path, environment: environment, options: .init(durability: .none, timerScale: 0))
    try store.signInToDemo()
    try store.send(.images(.prefetch(["demo:1", "demo:2", "demo:3"])))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.feed.items.prefix(3).map(\.thumbnail.status), [.loaded, .loaded, .loaded])

    try store.send(change { $0.pageSize = 7 })
    XCTAssertEqual(store.state.feed.perPage, 7)
    try store.send(.feed(.refresh))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.feed.items.count, 7, "the next load uses the new page size")

    // 5 MB holds every thumbnail, so nothing goes; the budget in bytes is what the cache uses.
    try store.send(change { $0.imageCacheMegabytes = 5 })
    store.waitUntilIdle()
    XCTAssertEqual(store.state.settings.imageCacheMegabytes, 5)

    try store.send(
      change {
        $0.providers["feed"] = "pexels"; $0.environments = ["uat": ["pexels": "https://uat.example"]];
        $0.environment = "uat"
      })
    store.waitUntilIdle()
    XCTAssertEqual(rebuilt.value.last?.baseURLs, ["pexels": "https://uat.example"])
    XCTAssertEqual(store.state.feed.provider, "renamed", "the feed starts over with the new provider")
    XCTAssertTrue(try LogCursorEvents.types(dir.path + "/events.jsonl").contains("feed.providerSelected"))
    try store.close()

    // After a restart the chosen providers, not the configured ones, serve.
    store = try Store(
      dataDirectory: dir.path, environment: environment, options: .init(durability: .none, timerScale: 0))
    XCTAssertEqual(store.state.feed.provider, "renamed")
    XCTAssertEqual(store.state.settings.providers.environment, "uat")
    try store.close()
  }

  /// The demo catalog under another name (a provider switch without a network).
  struct RenamedCatalog: PhotoProvider {
    let name = "renamed"
    func page(query: String, page: Int, perPage: Int) async -> Result<FeedPage, RequestFailure> {
      await DemoCatalog().page(query: query, page: page, perPage: perPage)
    }
  }

  func testShrinkingTheCacheEvictsAtOnce() throws {
    let dir = TemporaryDirectory()
    let store = try Store(dataDirectory: dir.path, options: .init(durability: .none, timerScale: 0))
    try store.signInToDemo()
    try store.send(.feed(.loadMore))
    store.waitUntilIdle()
    // Fill past 5 MB: the large demo images are 230 KB each.
    for n in 1...25 {
      try store.send(.feed(.openDetail("demo:\(n)")))
      store.waitUntilIdle()
      try store.send(.feed(.closeDetail))
    }
    try store.send(.images(.prefetch((1...20).map { "demo:\($0)" })))
    store.waitUntilIdle()
    let cacheBytes = { () -> Int in
      let files = (FileManager.default.enumerator(atPath: dir.path + "/cache")?.allObjects as? [String]) ?? []
      return files.reduce(0) { total, file in
        total
          + ((try? FileManager.default.attributesOfItem(atPath: dir.path + "/cache/" + file)[.size] as? Int)
            ?? 0)
      }
    }
    XCTAssertGreaterThan(cacheBytes(), 5_000_000)
    try store.send(change { $0.imageCacheMegabytes = 5 })
    store.waitUntilIdle()
    XCTAssertLessThanOrEqual(cacheBytes(), 5_000_000)
    XCTAssertTrue(try LogCursorEvents.types(dir.path + "/events.jsonl").contains("feed.imagesEvicted"))
    XCTAssertEqual(
      store.state.feed.items.filter { $0.thumbnail.status == .loaded }.count
        + store.state.feed.items.filter { $0.thumbnail.status == .notRequested }.count,
      store.state.feed.items.count, "evicted thumbnails go back to notRequested")
    try store.close()
  }

  func testEmptyStatesSayWhyInTheCurrentLanguage() throws {
    let dir = TemporaryDirectory()
    let store = try Store(dataDirectory: dir.path, options: .init(durability: .none, timerScale: 0))
    try store.signInToDemo()
    XCTAssertNil(store.state.feed.emptyNotice)
    try store.send(.feed(.setQuery("zzzz")))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.feed.items, [])
    XCTAssertEqual(store.state.feed.emptyNotice?.message, "No photos for “zzzz”.")
    try store.send(change { $0.language = "es" })
    XCTAssertEqual(store.state.feed.emptyNotice?.message, "No hay fotos para «zzzz».")
    try store.send(.feed(.setQuery("")))
    store.waitUntilIdle()
    XCTAssertNil(store.state.feed.emptyNotice, "the default list is not empty")
    try store.close()
    XCTAssertEqual(try Replay.state(ofLogAt: dir.path + "/events.jsonl"), store.state)
  }

  /// Found by the memory benchmark: changing the page size switched the feed to the demo
  /// (the settings' default providers replaced the configured ones).
  func testOtherSettingsKeepTheConfiguredProvidersAndAChoiceChangesOnlyWhatItNames() throws {
    let dir = TemporaryDirectory()
    let rebuilt = Locked<[ProviderSettings]>([])
    let environment = GalleryEnvironment(
      feed: RenamedCatalog(),
      rebuild: { settings in
        rebuilt.mutate { $0.append(settings) }
        return GalleryEnvironment(feed: settings["feed"] == "renamed" ? RenamedCatalog() : DemoCatalog())
      })
    let store = try Store(
      dataDirectory: dir.path, environment: environment, options: .init(durability: .none, timerScale: 0))
    XCTAssertEqual(
      store.state.settings.providers["feed"], "renamed", "the configuration's provider is adopted")
    XCTAssertFalse(store.state.settings.providers.chosen)
    try store.send(change { $0.pageSize = 50 })
    store.waitUntilIdle()
    XCTAssertEqual(rebuilt.value, [], "no provider changes for a page size")
    XCTAssertEqual(store.state.feed.provider, "renamed")
    try store.send(change { $0.providers["video"] = "demo" })
    store.waitUntilIdle()
    XCTAssertEqual(rebuilt.value, [], "choosing the provider that serves already rebuilds nothing")
    try store.send(change { $0.providers["video"] = "pexels" })
    store.waitUntilIdle()
    XCTAssertEqual(rebuilt.value.last?["feed"], "renamed", "choosing the video provider keeps the feed's")
    XCTAssertEqual(rebuilt.value.last?["video"], "pexels")
    XCTAssertEqual(store.state.feed.provider, "renamed")
    try store.close()
  }

  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("Fixtures").path

  /// Issue 28, item 8: an update records what it changed of the named environments, not the
  /// whole map, and the map is bounded: 89 updates each defining an environment write a few
  /// hundred bytes each, and the 21st environment is refused by name.
  func testAnUpdateRecordsOnlyTheEnvironmentsItChangedAndTheirNumberIsBounded() throws {
    let dir = TemporaryDirectory()
    let store = try Store(dataDirectory: dir.path, options: .init(durability: .none, timerScale: 0))
    let url = "http://127.0.0.1:9/" + String(repeating: "p", count: 1500)
    var sizes: [Int] = []
    for n in 0..<ProviderSettings.maxEnvironments {
      let outcome = try store.send(change { $0.environments = ["env\(n)": ["pixabay": url, "pexels": url]] })
      sizes.append(outcome.events.reduce(0) { $0 + $1.data.count })
    }
    XCTAssertLessThan(sizes.max() ?? 0, 4_000, "each event holds its own call's environment: \(sizes)")
    XCTAssertEqual(store.state.settings.providers.environments.count, ProviderSettings.maxEnvironments)
    XCTAssertThrowsError(try store.send(change { $0.environments = ["one-more": ["pixabay": url]] })) {
      error in
      XCTAssertEqual((error as? Rejection)?.code, "settings.invalid")
      XCTAssertEqual(
        (error as? Rejection)?.message, "environments: at most 20 environments can be defined.")
    }
    try store.send(change { $0.environments = ["env3": [:]] })
    XCTAssertNil(store.state.settings.providers.environments["env3"])
    XCTAssertEqual(try Replay.state(ofLogAt: dir.path + "/events.jsonl"), store.state, "the log rebuilds it")
    try store.close()
  }

  /// A log the build of 2026-11-23 wrote (its settings.changed lines are v1, the whole
  /// settings each) replays to the settings that build showed.
  func testAnOlderBuildsWholeSettingsEventsReplayAsThatBuildShowedThem() throws {
    let log = Self.fixtures + "/legacy/settings-v1-environments.jsonl"
    let reported = try JSONParser.parse(
      Array(
        try Data(
          contentsOf: URL(fileURLWithPath: Self.fixtures + "/legacy/settings-v1-environments.settings.json")))
    )
    let versions = try LogCursorEvents.types(log)
    XCTAssertTrue(versions.contains("settings.changed"))
    XCTAssertEqual(try AppState.view(Replay.state(ofLogAt: log).settings), reported)
  }
}

/// Issue 29, item 8: defining or choosing an environment is not choosing providers, so the
/// start-up flags still decide them; once a user does choose one, it wins, and each start
/// says which flag it overrides.
extension SettingsStoreTests {
  /// An environment whose feed is the demo catalog under `configured`'s name, rebuilt from
  /// settings (recorded in `rebuilt`).
  func environment(feed configured: String, _ rebuilt: Locked<[ProviderSettings]>) -> GalleryEnvironment {
    struct Named: PhotoProvider {
      let name: String
      func page(query: String, page: Int, perPage: Int) async -> Result<FeedPage, RequestFailure> {
        await DemoCatalog().page(query: query, page: page, perPage: perPage)
      }
    }
    return GalleryEnvironment(
      feed: Named(name: configured),
      rebuild: { settings in
        rebuilt.mutate { $0.append(settings) }
        return GalleryEnvironment(feed: Named(name: settings["feed"]))
      })
  }

  func testEnvironmentsDoNotOverrideTheProviderFlagsAndAChoiceSaysWhatItOverrides() throws {
    let dir = TemporaryDirectory()
    let rebuilt = Locked<[ProviderSettings]>([])
    do {
      let store = try Store(
        dataDirectory: dir.path, environment: environment(feed: "pixabay", rebuilt),
        options: .init(durability: .none))
      try store.send(change { $0.environments = ["uat": ["pixabay": "https://uat.example"]] })
      try store.send(change { $0.environment = "uat" })
      store.waitUntilIdle()
      XCTAssertFalse(store.state.settings.providers.chosen, "an environment is not a provider choice")
      XCTAssertEqual(rebuilt.value.last?["feed"], "pixabay")
      XCTAssertEqual(rebuilt.value.last?.baseURLs, ["pixabay": "https://uat.example"], "UAT serves")
      try store.close()
    }
    // The next start names another feed provider: it serves, on the environment in use.
    let lines = Locked<[String]>([])
    var options = Store.Options(durability: .none)
    options.diagnostics = { line in lines.mutate { $0.append(line) } }
    do {
      let store = try Store(
        dataDirectory: dir.path, environment: environment(feed: "pexels", rebuilt), options: options)
      store.waitUntilIdle()
      XCTAssertEqual(store.state.settings.providers["feed"], "pexels", "the flag is obeyed")
      XCTAssertEqual(store.state.feed.provider, "pexels")
      XCTAssertEqual(rebuilt.value.last?["feed"], "pexels")
      XCTAssertEqual(rebuilt.value.last?.baseURLs, ["pixabay": "https://uat.example"])
      XCTAssertEqual(lines.value.filter { $0.contains("--feed") }, [], "nothing overridden")
      // A user's choice wins over the flags from then on.
      try store.send(change { $0.providers["feed"] = "demo" })
      store.waitUntilIdle()
      XCTAssertTrue(store.state.settings.providers.chosen)
      try store.close()
    }
    let store = try Store(
      dataDirectory: dir.path, environment: environment(feed: "pexels", rebuilt), options: options)
    store.waitUntilIdle()
    XCTAssertEqual(store.state.feed.provider, "demo")
    XCTAssertEqual(
      lines.value.filter { $0.contains("--feed") },
      [
        "settings: the feed provider chosen with settings/update (demo) serves, not the configured one (pexels, from --feed or its default); choose again with settings/update to change it"
      ])
    try store.close()
  }
}
