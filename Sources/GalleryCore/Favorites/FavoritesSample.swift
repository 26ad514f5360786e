extension FavoritesFeature {
  /// Keeping, forgetting and opening photos of every screen (shown or not), and the tab.
  static let actionSample = ActionSample(weight: 1) { r in
    let shown = r.pick(ActionDraws.feedKeys + ["photo:1", "photo:13", "account:demo1", "nope"])
    return r.pick([
      .favorites(.add(key: shown)), .favorites(.remove(key: shown)),
      .favorites(.open(key: "favorite:" + shown)),
      .navigation(.open(.favorites)),
    ])
  }
}
