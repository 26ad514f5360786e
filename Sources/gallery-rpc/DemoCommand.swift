import EventStore
import Foundation
import GalleryCore
import RPCServer

/// `gallery-rpc demo`: a scripted walk through the product on the embedded default
/// providers, printed as a readable timeline (each action, its events, what they changed).
enum DemoCommand {
  static let script: [(String, Action)] = [
    ("auth/setEmail {\"value\":\"test@\"}", .auth(.setEmail(.login, "test@"))),
    ("auth/setEmail {\"value\":\"test@mail.com\"}", .auth(.setEmail(.login, "test@mail.com"))),
    ("auth/setPassword {\"value\":\"•••\"}", .auth(.setPassword(.login, Secret("123")))),
    ("auth/submitLogin", .auth(.submit(.login))),
    ("auth/setPassword {\"value\":\"••••••\"} (a wrong one)", .auth(.setPassword(.login, Secret("654321")))),
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
    ("feed/loadMore", .feed(.loadMore)),
    ("feed/prefetch {\"keys\":[\"demo:1\",\"demo:2\"]}", .images(.prefetch(["demo:1", "demo:2"]))),
    ("feed/openDetail {\"key\":\"demo:2\"}", .feed(.openDetail("demo:2"))),
    ("nav/back", .navigation(.back)),
    ("feed/setQuery {\"text\":\"lak\"} (searches 300 ms after the last keystroke)", .feed(.setQuery("lak"))),
    ("feed/setQuery {\"text\":\"lake\"}", .feed(.setQuery("lake"))),
    ("connectivity/set {\"online\":false}", .feed(.setConnectivity(online: false))),
    ("feed/refresh (offline: fails at once, the offline copy shows)", .feed(.refresh)),
    ("connectivity/set {\"online\":true} (back online: refreshes)", .feed(.setConnectivity(online: true))),
    (
      "nav/open {\"screen\":\"albums\"} (the albums tab: albums and owners load at once, grouped by owner)",
      .navigation(.open(.albums))
    ),
    ("albums/setSearch {\"text\":\"angel\"} (finds Ángel Ruiz)", .albums(.setSearch("angel"))),
    (
      "feed/prefetch {\"keys\":[\"album:4\"]} (the album's preview: its first photo)",
      .images(.prefetch(["album:4"]))
    ),
    ("albums/open {\"albumId\":4}", .albums(.open(albumID: 4))),
    ("albums/openPhoto {\"photoId\":37}", .albums(.openPhoto(photoID: 37))),
    ("nav/back", .navigation(.back)),
    ("nav/back", .navigation(.back)),
    ("nav/back (nothing to go back to)", .navigation(.back)),
    ("auth/logout", .auth(.logout)),
  ]

  /// The OAuth state the demo's sign-in uses (the server draws a random one per call).
  static let nonce = "d3m0d3m0d3m0d3m0d3m0d3m0d3m0d3m0"

  /// The account part: browser sign-in (a forged redirect first), images, an upload of a
  /// picture written into `directory`, a delete, sign-out.
  static func accountScript(_ directory: String) throws -> [(String, Action)] {
    let authorize =
      "\(DemoAccount.authorizeEndpoint)?client_id=demo&response_type=token&state=\(nonce)"
    let redirect = DemoAccount.redirectURL(forAuthorizeURL: authorize) ?? ""
    let forged = redirect.replacingOccurrences(of: nonce, with: "forged")
    let picture = directory + "/demo-upload.bmp"
    _ = FileManager.default.createFile(
      atPath: picture, contents: Data(DemoImages.bitmap(7, width: 64, height: 48)))
    let file = try UploadFile.inspect(picture)
    return [
      ("account/beginLogin (answers the authorize URL to open)", .account(.beginLogin(nonce: nonce))),
      (
        "account/completeLogin (a redirect carrying another sign-in's state)",
        .account(.completeLogin(redirectURL: Secret(forged)))
      ),
      ("account/beginLogin", .account(.beginLogin(nonce: nonce))),
      (
        "account/completeLogin {\"redirectURL\":\"demo://imgur/callback#access_token=…\"}",
        .account(.completeLogin(redirectURL: Secret(redirect)))
      ),
      ("account/loadImages (pages until an empty one)", .account(.loadImages)),
      ("feed/prefetch {\"keys\":[\"account:demo1\"]}", .images(.prefetch(["account:demo1"]))),
      (
        "account/upload {\"path\":\"…/demo-upload.bmp\",\"title\":\"Stripes\"}",
        .account(.upload(UploadRequest(file: file, title: "Stripes")))
      ),
      ("account/delete {\"id\":\"demo3\"}", .account(.delete(id: "demo3"))),
      ("account/logout", .account(.logout)),
      (
        "video/playRandom {\"width\":1280,\"height\":720} (a random pick, recorded)",
        .video(.playRandom(VideoWish(width: 1280, height: 720)))
      ),
      ("video/playRandom {\"quality\":\"hls\"}", .video(.playRandom(VideoWish(quality: "hls")))),
      (
        "settings/update {\"pageSize\":500} (refused, naming the field)",
        .settings(.update(change { $0.pageSize = 500 }))
      ),
      (
        "settings/update {\"appearance\":\"dark\",\"language\":\"es\"} (every message re-rendered)",
        .settings(
          .update(
            change {
              $0.appearance = "dark"; $0.language = "es"
            }))
      ),
      ("auth/setEmail {\"value\":\"nope\"} (errors now in Spanish)", .auth(.setEmail(.login, "nope"))),
      (
        "settings/update {\"imageCacheMegabytes\":5}",
        .settings(.update(change { $0.imageCacheMegabytes = 5 }))
      ),
    ]
  }

  private static func change(_ edit: (inout SettingsChange) -> Void) -> SettingsChange {
    var change = SettingsChange()
    edit(&change)
    return change
  }

  static func run(_ arguments: [String]) -> Int32 {
    var directory: String?
    if arguments.count == 2, arguments[0] == "--data-dir" {
      directory = arguments[1]
    } else if !arguments.isEmpty {
      printError("gallery-rpc demo: usage: demo [--data-dir DIR]")
      return 2
    }
    let dir =
      directory
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("gallery-rpc-demo-\(getpid())").path
    // Without --data-dir the walk's directory is this run's own: removed when it ends.
    defer { if directory == nil { try? FileManager.default.removeItem(atPath: dir) } }
    do {
      let store = try Store(
        dataDirectory: dir,
        environment: GalleryEnvironment(locale: Language.fromLocale(ProcessInfo.processInfo.environment)),
        options: Store.Options(durability: .batch(milliseconds: 10)))
      let printed = PrintedState()
      printed.state = store.state
      let observation = store.observe { change in
        var before = printed.state
        for record in change.events {
          guard let event = try? EventCodec.decode(record) else { continue }
          let after = AppMachine.reduce(before, event)
          print(Timeline.line(record, before: before, after: after))
          before = after
        }
        printed.state = change.state
      }
      print(
        "gallery-rpc demo: sign-in, browsing, albums and the account on the embedded demo providers (data in \(dir))\n"
      )
      for (label, action) in script + (try accountScript(dir)) {
        print("> \(label)")
        do {
          try store.send(action)
          store.waitUntilIdle()
        } catch let rejection as Rejection {
          print("  rejected: \(rejection.message) [\(rejection.code)]")
        }
      }
      observation.cancel()
      let state = store.state
      print(
        "\nnow: route \(state.route.map(\.screen.rawValue)), session \(state.session.status.rawValue), account \(state.account.status.rawValue), video \(state.video.file?.link ?? "none"), language \(state.settings.language.rawValue)"
      )
      if directory == nil {
        print(
          "the log: \(store.version) events, removed with this run's directory; keep it with --data-dir DIR")
      } else {
        print("the log: \(dir)/events.jsonl (\(store.version) events)")
        print("replay it:  gallery-rpc replay \(dir)/events.jsonl --format timeline")
      }
      try store.close()
      return 0
    } catch {
      printError("gallery-rpc demo: \(error)")
      return 1
    }
  }
}

/// The state the demo printed last (the observer runs on the store's thread).
final class PrintedState: @unchecked Sendable {
  var state = AppState()
}
