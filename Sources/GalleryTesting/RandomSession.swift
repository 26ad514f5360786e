import GalleryCore

/// A seeded random session for property tests: SplitMix64 numbers, and random actions over
/// every feature (good and bad values alike), the same for the same seed.
public struct RandomSession {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  /// The next number (SplitMix64).
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// One of `options`, at random.
  public mutating func pick<T>(_ options: [T]) -> T { options[Int(next() % UInt64(options.count))] }

  /// A random action of any feature.
  public mutating func action() -> Action {
    let form: AuthForm = pick([.login, .registration])
    let keys = (1...30).map { "demo:\($0)" }
    switch next() % 23 {
    case 21:
      var change = SettingsChange()
      switch next() % 4 {
      case 0: change.language = pick(["en", "es"])
      case 1: change.pageSize = pick([5, 20, 1000])
      case 2: change.appearance = pick(["dark", "light", "neon"])
      default: change.imageCacheMegabytes = pick([5, 50])
      }
      return .settings(.update(change))
    case 22:
      return .video(
        .playRandom(VideoWish(width: pick([nil, 640, 1920]), height: pick([nil, 360, 1080]))))
    case 19:
      return pick([
        .account(.beginLogin(nonce: "abcdefabcdefabcdef")), .account(.loadImages), .account(.logout),
        .account(.delete(id: pick(["demo1", "demo4", "up1", "nope"]))),
        .images(.prefetch([pick(["account:demo1", "account:demo5"])])),
      ])
    case 20:
      let state = pick(["abcdefabcdefabcdef", "forged"])
      return .account(
        .completeLogin(
          redirectURL: Secret(
            "demo://imgur/callback#access_token=demo-a&refresh_token=demo-r&expires_in=3600&token_type=bearer&account_username=demo&account_id=1&state=\(state)"
          )))
    case 16:
      return pick([.albums(.load), .albums(.retry), .albums(.setSearch(pick(["", "sea", "zoë"])))])
    case 17:
      return pick([
        .albums(.open(albumID: Int(next() % 25))), .albums(.openPhoto(photoID: Int(next() % 60))),
        .navigation(.open(pick(Tab.allCases))),
        .navigation(
          .adoptShape(AppShape(signIn: pick([.required, .none]), home: pick([.feed, .albums])))),
      ])
    case 18: return .images(.prefetch([pick(["album:1", "album:2", "photo:1", "photo:13"])]))
    case 9: return .feed(.refresh)
    case 10: return .feed(.loadMore)
    case 11: return .images(.prefetch((0..<3).map { _ in pick(keys) }))
    case 12: return .images(.cancelPrefetch([pick(keys)]))
    case 13:
      let shown = pick(keys + ["photo:1", "photo:13", "account:demo1", "nope"])
      return pick([
        .feed(.openDetail(pick(keys))), .feed(.closeDetail), .images(.retry(pick(keys))),
        .favorites(.add(key: shown)), .favorites(.remove(key: shown)),
        .favorites(.open(key: "favorite:" + shown)),
        .navigation(.open(.favorites)),
      ])
    case 14: return .feed(.setConnectivity(online: next() % 3 != 0))
    case 15: return .feed(.setQuery(pick(["", "lake", "sky", "zzz"])))
    case 0, 1:
      return .auth(
        .setEmail(
          form, pick(["", "a", "test@mail.com", " x@y.z ", "bad@", "new@mail.com", "ünï@cødé.org"])))
    case 2, 3: return .auth(.setPassword(form, Secret(String(repeating: "x", count: Int(next() % 10)))))
    case 4: return .auth(.setAge(pick(["", "abc", "12", "13", "44", "121", " 30 "])))
    case 5, 6: return .auth(.submit(form))
    case 7: return pick([.auth(.openRegistration), .auth(.logout)])
    default: return .navigation(.back)
    }
  }
}
