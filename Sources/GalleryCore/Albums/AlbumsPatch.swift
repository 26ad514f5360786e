/// The albums screen's part of a patch: fields one by one, sections element by element, cards by id.
extension AlbumsState: StatePatchable {
  static func patch(_ a: AlbumsState, _ b: AlbumsState, at path: String, _ ops: inout [JSONPatch.Operation])
    throws
  {
    guard a != b else { return }
    try StatePatch.value(path + "/status", a.status, b.status, &ops)
    sections(path + "/sections", a.sections.value, b.sections.value, &ops)
    try StatePatch.keyed(path + "/all", a.all, b.all, key: { String($0.id) }, &ops)
    try StatePatch.value(path + "/search", a.search, b.search, &ops)
    try StatePatch.nullable(path + "/notice", a.notice, b.notice, &ops)
    try StatePatch.nullable(path + "/error", a.error, b.error, &ops)
  }
}

extension AlbumsState {
  /// The sections, by position: a section of the same owner gets its `albumIds` replaced in
  /// one operation (a search narrows or widens many ids at once; id by id, each later id
  /// would move), another owner's section is replaced whole, and sections past the common
  /// part are added or removed. Written as JSON values directly, and the ids as the integers
  /// they are (`Operation(_:_:integers:)`): at 60,000 albums a keystroke writes numbers, not an
  /// encoder's calls or a value per id.
  static func sections(
    _ path: String, _ a: [AlbumSection], _ b: [AlbumSection], _ ops: inout [JSONPatch.Operation]
  ) {
    guard a != b else { return }
    func ids(_ section: AlbumSection) -> JSONValue { .array(section.albumIds.map { .number(Double($0)) }) }
    func whole(_ section: AlbumSection) -> JSONValue {
      .object(["title": section.title.map(JSONValue.string) ?? .null, "albumIds": ids(section)])
    }
    let common = min(a.count, b.count)
    for i in 0..<common where a[i] != b[i] {
      ops.append(
        a[i].title == b[i].title
          ? JSONPatch.Operation(.replace, "\(path)/\(i)/albumIds", integers: b[i].albumIds)
          : JSONPatch.Operation(.replace, "\(path)/\(i)", whole(b[i])))
    }
    for i in common..<max(common, b.count) {
      ops.append(JSONPatch.Operation(.add, "\(path)/\(i)", whole(b[i])))
    }
    for i in stride(from: a.count - 1, through: common, by: -1) {
      ops.append(JSONPatch.Operation(.remove, "\(path)/\(i)"))
    }
  }
}

extension AlbumsFeature {
  /// `/albums`, the open album and the open album photo.
  static let stateParts: [StatePart] = [
    .part("albums") { $0.$albums },
    .value("album") { $0.$album },
    .value("photo") { $0.$photo },
  ]
}
