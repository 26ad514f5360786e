extension AlbumsFeature {
  /// Loading, searching, and opening albums and photos by any id.
  static let actionSample = ActionSample(weight: 2) { r in
    r.pick([
      .albums(.load), .albums(.retry), .albums(.setSearch(r.pick(["", "sea", "zoë"]))),
      .albums(.open(albumID: r.below(25))), .albums(.openPhoto(photoID: r.below(60))),
    ])
  }
}
