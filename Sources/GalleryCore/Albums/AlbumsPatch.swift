/// The albums screen's part of a patch: fields one by one, sections element by element, cards by id.
extension AlbumsState: StatePatchable {
  static func patch(_ a: AlbumsState, _ b: AlbumsState, at path: String, _ ops: inout [JSONPatch.Operation])
    throws
  {
    guard a != b else { return }
    try StatePatch.value(path + "/status", a.status, b.status, &ops)
    try StatePatch.list(path + "/sections", a.sections, b.sections, &ops)
    try StatePatch.keyed(path + "/all", a.all, b.all, key: { String($0.id) }, &ops)
    try StatePatch.value(path + "/search", a.search, b.search, &ops)
    try StatePatch.nullable(path + "/notice", a.notice, b.notice, &ops)
    try StatePatch.nullable(path + "/error", a.error, b.error, &ops)
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
