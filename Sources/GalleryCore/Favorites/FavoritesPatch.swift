/// `/favorites` patched member by member: a thumbnail loading changes one item, not the list.
extension FavoritesState: StatePatchable {
  static func patch(
    _ a: FavoritesState, _ b: FavoritesState, at path: String, _ ops: inout [JSONPatch.Operation]
  )
    throws
  {
    // No whole compare first: each member compares itself (the list where its rows lie).
    try StatePatch.list(path + "/items", a.items, b.items, &ops)
    try StatePatch.nullable(path + "/open", a.open, b.open, &ops)
  }
}

extension FavoritesFeature {
  /// `/favorites`, patched item by item.
  static let stateParts: [StatePart] = [.part("favorites") { $0.$favorites }]
}

extension FavoriteItem: StatePatchable {
  /// A kept photo whose card stayed (its thumbnail loading, failing, retried) patches its
  /// thumbnail alone; another in its place is patched as a whole.
  static func patch(_ a: FavoriteItem, _ b: FavoriteItem, at path: String, _ ops: inout [JSONPatch.Operation])
    throws
  {
    guard a.key == b.key, a.card == b.card else { return try StatePatch.value(path, a, b, &ops) }
    try StatePatch.value(StatePatch.path(path, "thumbnail"), a.thumbnail, b.thumbnail, &ops)
  }
}
