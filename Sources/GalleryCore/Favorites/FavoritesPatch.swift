/// `/favorites` patched member by member: a thumbnail loading changes one item, not the list.
extension FavoritesState: StatePatchable {
  static func patch(
    _ a: FavoritesState, _ b: FavoritesState, at path: String, _ ops: inout [JSONPatch.Operation]
  )
    throws
  {
    guard a != b else { return }
    try StatePatch.list(path + "/items", a.items, b.items, &ops)
    try StatePatch.nullable(path + "/open", a.open, b.open, &ops)
  }
}

extension FavoritesFeature {
  /// `/favorites`, patched item by item.
  static let stateParts: [StatePart] = [.part("favorites") { $0.$favorites }]
}
