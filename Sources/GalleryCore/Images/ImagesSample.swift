extension ImagesFeature {
  /// Thumbnails asked for, cancelled and retried, on every screen's keys (shown or not).
  static let actionSample = ActionSample(weight: 3) { r in
    let keys = ActionDraws.feedKeys
    let elsewhere = ["album:1", "album:2", "photo:1", "photo:13", "account:demo1", "account:demo5"]
    switch r.below(4) {
    case 0: return .images(.prefetch((0..<3).map { _ in r.pick(keys) }))
    case 1: return .images(.cancelPrefetch([r.pick(keys)]))
    case 2: return .images(.retry(r.pick(keys)))
    default: return .images(.prefetch([r.pick(elsewhere)]))
    }
  }
}
