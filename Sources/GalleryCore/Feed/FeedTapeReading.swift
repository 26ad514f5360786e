/// Replay's fast path for `Photo` (see `TapeReadable`): one pass over the members instead of
/// a keyed container, a lookup and a nested decoder per field.
extension Photo: TapeReadable {
  private static let tapeFields: [StaticString] = [
    "key", "providerID", "width", "height", "author", "authorURL", "tags", "likes", "pageURL", "thumbnailURL",
    "largeURL", "averageColor", "alt", "originalURL",
  ]

  static func read(from tape: JSONTape, at object: Int) -> Photo? {
    guard let f = tape.fields(tapeFields, in: object), let key = tape.string(at: f[0]),
      let providerID = tape.string(at: f[1]), let width = tape.int(at: f[2]), let height = tape.int(at: f[3]),
      let author = tape.string(at: f[4]), let authorURL = tape.nullableString(at: f[5]),
      let tags = tape.strings(at: f[6]), let likes = tape.nullableInt(at: f[7]),
      let pageURL = tape.string(at: f[8]), let thumbnailURL = tape.string(at: f[9]),
      let largeURL = tape.string(at: f[10]), let averageColor = tape.nullableString(at: f[11]),
      let alt = tape.nullableString(at: f[12]), let originalURL = tape.nullableString(at: f[13])
    else { return nil }
    return Photo(
      key: key, providerID: providerID, width: width, height: height, author: author, authorURL: authorURL,
      tags: tags, likes: likes, pageURL: pageURL, thumbnailURL: thumbnailURL, largeURL: largeURL,
      averageColor: averageColor, alt: alt, originalURL: originalURL)
  }
}

/// The most frequent event of a session's log (one per thumbnail), read the same way.
extension ImagesEvents.ImageLoaded: TapeReadable {
  private static let tapeFields: [StaticString] = ["key", "target", "path"]

  static func read(from tape: JSONTape, at object: Int) -> Self? {
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

  static func read(from tape: JSONTape, at object: Int) -> FeedPage? {
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

  static func read(from tape: JSONTape, at object: Int) -> Self? {
    guard let f = tape.fields(tapeFields, in: object), let keys = tape.strings(at: f[0]),
      let target = tape.string(at: f[1]).flatMap(ImageTarget.init(rawValue:))
    else { return nil }
    return Self(keys: keys, target: target)
  }
}
