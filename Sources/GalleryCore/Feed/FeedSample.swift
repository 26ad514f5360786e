extension FeedFeature {
  /// Pages, searches, the detail of a row (shown or not) and connectivity.
  static let actionSample = ActionSample(weight: 5) { r in
    switch r.below(6) {
    case 0: return .feed(.refresh)
    case 1: return .feed(.loadMore)
    case 2: return .feed(.setConnectivity(online: r.next() % 3 != 0))
    case 3: return .feed(.setQuery(r.pick(["", "lake", "sky", "zzz"])))
    case 4: return .feed(.openDetail(r.pick(ActionDraws.feedKeys)))
    default: return .feed(.closeDetail)
    }
  }
}
