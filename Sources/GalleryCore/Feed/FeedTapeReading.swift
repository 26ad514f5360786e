/// Replay's fast path for `Photo` (see `TapeReadable`): one pass over the members instead of
/// a keyed container, a lookup and a nested decoder per field.
extension Photo: TapeReadable {
  private static let tapeFields: [StaticString] = [
    "key", "providerID", "author", "authorURL", "pageURL", "thumbnailURL", "largeURL", "originalURL",
    "averageColor", "alt", "width", "height", "likes", "tags",
  ]

  /// The texts' members come first in `tapeFields`, in `PhotoTexts.Field` order, so the first
  /// ten value tokens are the texts' as they are.
  public static func read(from tape: JSONTape, at object: Int) -> Photo? {
    let textCount = PhotoTexts.Field.allCases.count
    guard let f = tape.fields(tapeFields, in: object), let width = tape.int(at: f[textCount]),
      let height = tape.int(at: f[textCount + 1]), let likes = tape.nullableInt(at: f[textCount + 2]),
      let texts = PhotoTexts(tape: tape, values: f, tags: f[textCount + 3])
    else { return nil }
    return Photo(texts: texts, width: width, height: height, likes: likes)
  }
}

/// The most frequent event of a session's log (one per thumbnail), read the same way.
extension ImagesEvents.ImageLoaded: TapeReadable {
  private static let tapeFields: [StaticString] = ["key", "target", "path"]

  public static func read(from tape: JSONTape, at object: Int) -> Self? {
    guard let f = tape.fields(tapeFields, in: object), let key = tape.string(at: f[0]),
      let target = tape.string(at: f[1]).flatMap(ImageTarget.init(rawValue:)),
      let path = tape.string(at: f[2])
    else { return nil }
    return Self(key: key, target: target, path: path)
  }
}

/// A page of photos (every `feed.pageLoaded`), its photos read as above.
extension FeedPage: TapeReadable {
  private static let tapeFields: [StaticString] = ["photos", "hasMore"]

  public static func read(from tape: JSONTape, at object: Int) -> FeedPage? {
    guard let f = tape.fields(tapeFields, in: object), f[0] >= 0, tape.tokens[f[0]].kind == .array,
      let hasMore = tape.bool(at: f[1])
    else { return nil }
    var photos: [Photo] = []
    photos.reserveCapacity(Int(tape.tokens[f[0]].count))
    var k = f[0] + 1
    for _ in 0..<tape.tokens[f[0]].count {
      guard let photo = Photo.read(from: tape, at: k) else { return nil }
      photos.append(photo)
      k = tape.after(k)
    }
    return FeedPage(photos: photos, hasMore: hasMore)
  }
}

/// Thumbnails asked for (one per page shown).
extension ImagesEvents.ImagesRequested: TapeReadable {
  private static let tapeFields: [StaticString] = ["keys", "target"]

  public static func read(from tape: JSONTape, at object: Int) -> Self? {
    guard let f = tape.fields(tapeFields, in: object), let keys = tape.strings(at: f[0]),
      let target = tape.string(at: f[1]).flatMap(ImageTarget.init(rawValue:))
    else { return nil }
    return Self(keys: keys, target: target)
  }
}
