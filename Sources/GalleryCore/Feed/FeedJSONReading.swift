/// Replay's fast paths for the feed (see `JSONReadable`): a page of photos is most of a
/// session's log by bytes, each photo read in one pass over its members instead of a keyed
/// container, a lookup and a nested decoder per field.
extension Photo: JSONReadable {
  /// The members in the order the writer puts them (sorted): each is expected where it stands.
  private static let written: [StaticString] = [
    "alt", "author", "authorURL", "averageColor", "height", "key", "largeURL", "likes", "originalURL",
    "pageURL",
    "providerID", "tags", "thumbnailURL", "width",
  ]

  public static func read(from r: inout JSONReader) throws(JSONReader.Unusual) -> Photo {
    typealias F = PhotoTexts.Field
    var texts = PhotoTexts.Spans(repeating: nil)
    var width: Int?
    var height: Int?
    var likes: Int??
    var tags: PhotoTexts.TagSpans?
    var next = 0
    try r.enterObject()
    while let name = try next < written.count ? r.nextMember(expecting: written[next]) : r.nextMember() {
      next += 1
      switch name {
      case "alt": try r.stringSpan(into: &texts[F.alt.rawValue], nullable: true)
      case "author": try r.stringSpan(into: &texts[F.author.rawValue], nullable: false)
      case "authorURL": try r.stringSpan(into: &texts[F.authorURL.rawValue], nullable: true)
      case "averageColor": try r.stringSpan(into: &texts[F.averageColor.rawValue], nullable: true)
      case "height": try r.int(into: &height)
      case "key": try r.stringSpan(into: &texts[F.key.rawValue], nullable: false)
      case "largeURL": try r.stringSpan(into: &texts[F.largeURL.rawValue], nullable: false)
      case "likes": try r.nullableInt(into: &likes)
      case "originalURL": try r.stringSpan(into: &texts[F.originalURL.rawValue], nullable: true)
      case "pageURL": try r.stringSpan(into: &texts[F.pageURL.rawValue], nullable: false)
      case "providerID": try r.stringSpan(into: &texts[F.providerID.rawValue], nullable: false)
      case "tags":
        guard tags == nil else { throw JSONReader.Unusual() }
        tags = try PhotoTexts.TagSpans(reading: &r)
      case "thumbnailURL": try r.stringSpan(into: &texts[F.thumbnailURL.rawValue], nullable: false)
      case "width": try r.int(into: &width)
      default: try r.skip()
      }
    }
    guard let width, let height, let tags else { throw JSONReader.Unusual() }
    return Photo(
      texts: try PhotoTexts(reading: r.bytes, texts: texts, tags: tags), width: width, height: height,
      likes: likes ?? nil)
  }
}

/// A page of photos, its photos read as above.
extension FeedPage: JSONReadable {
  public static func read(from r: inout JSONReader) throws(JSONReader.Unusual) -> FeedPage {
    var photos: [Photo]?
    var hasMore: Bool?
    try r.enterObject()
    while let name = try r.nextMember() {
      switch name {
      case "hasMore": try r.bool(into: &hasMore)
      case "photos":
        guard photos == nil else { throw JSONReader.Unusual() }
        var list: [Photo] = []
        list.reserveCapacity(20)
        try r.enterArray()
        while try r.nextElement() { list.append(try Photo.read(from: &r)) }
        photos = list
      default: try r.skip()
      }
    }
    guard let photos, let hasMore else { throw JSONReader.Unusual() }
    return FeedPage(photos: photos, hasMore: hasMore)
  }
}

/// Every page a provider sent (`feed.pageLoaded`).
extension FeedEvents.PageLoaded: JSONReadable {
  public static func read(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    var page: FeedPage?
    var requestID: Int?
    try r.enterObject()
    while let name = try r.nextMember() {
      switch name {
      case "page":
        guard page == nil else { throw JSONReader.Unusual() }
        page = try FeedPage.read(from: &r)
      case "requestID": try r.int(into: &requestID)
      default: try r.skip()
      }
    }
    guard let page, let requestID else { throw JSONReader.Unusual() }
    return Self(requestID: requestID, page: page)
  }
}

/// A load going out (one per page asked for).
extension FeedEvents.LoadStarted: JSONReadable {
  public static func read(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    var requestID: Int?
    var mode: FeedState.LoadMode?
    var page: Int?
    var query: String?
    try r.enterObject()
    while let name = try r.nextMember() {
      switch name {
      case "mode": try r.value(into: &mode)
      case "page": try r.int(into: &page)
      case "query": try r.string(into: &query)
      case "requestID": try r.int(into: &requestID)
      default: try r.skip()
      }
    }
    guard let requestID, let mode, let page, let query else { throw JSONReader.Unusual() }
    return Self(requestID: requestID, mode: mode, page: page, query: query)
  }
}

/// A photo opened (one per detail shown).
extension FeedEvents.DetailOpened: JSONReadable {
  public static func read(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    var key: String?
    try r.enterObject()
    while let name = try r.nextMember() {
      switch name {
      case "key": try r.string(into: &key)
      default: try r.skip()
      }
    }
    guard let key else { throw JSONReader.Unusual() }
    return Self(key: key)
  }
}
