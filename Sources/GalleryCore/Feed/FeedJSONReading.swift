/// Replay's fast paths for the feed (see `JSONReadable`): a page of photos is most of a
/// session's log by bytes, each photo read in one pass over its members instead of a keyed
/// container, a lookup and a nested decoder per field.
extension Photo: JSONReadable {
  public static func read(from r: inout JSONReader) throws(JSONReader.Unusual) -> Photo {
    try r.read(written: readWritten, members: readMembers)
  }

  /// The layout the writer gives a photo: every member, sorted, no whitespace. Anything else
  /// throws at once, and `read` starts the photo over with `readMembers`. The texts are laid
  /// out as they are read, into a scratch on the stack (`writtenScratch`: a photo whose texts
  /// need more takes `readMembers`, which sizes its scratch first).
  private static func readWritten(from r: inout JSONReader) throws(JSONReader.Unusual) -> Photo {
    try withUnsafeTemporaryAllocation(byteCount: writtenScratch, alignment: 8) {
      scratch throws(JSONReader.Unusual) in
      var w = PhotoTexts.Writer(scratch, copyingFrom: r.bytes)
      try r.open(UInt8(ascii: "{"))
      try r.expectMember(#""alt":"#)
      try w.put(try r.plainStringOrNull())
      try r.expectMember(#""author":"#)
      try w.put(try r.plainString())
      try r.expectMember(#""authorURL":"#)
      try w.put(try r.plainStringOrNull())
      try r.expectMember(#""averageColor":"#)
      try w.put(try r.plainStringOrNull())
      try r.expectMember(#""height":"#)
      let height = try r.plainInt()
      try r.expectMember(#""key":"#)
      try w.put(try r.plainString())
      try r.expectMember(#""largeURL":"#)
      try w.put(try r.plainString())
      try r.expectMember(#""likes":"#)
      let likes = try r.plainIntOrNull()
      try r.expectMember(#""originalURL":"#)
      try w.put(try r.plainStringOrNull())
      try r.expectMember(#""pageURL":"#)
      try w.put(try r.plainString())
      try r.expectMember(#""providerID":"#)
      try w.put(try r.plainString())
      try r.expectMember(#""tags":"#)
      try r.open(UInt8(ascii: "["))
      try w.beginTags()
      var tags = 0
      if !r.close(UInt8(ascii: "]")) {
        repeat {
          guard tags < PhotoTexts.tagBound else { throw JSONReader.Unusual() }
          try w.put(try r.plainString())
          tags += 1
        } while r.comma()
        guard r.close(UInt8(ascii: "]")) else { throw JSONReader.Unusual() }
      }
      try w.endTags(count: tags)
      try r.expectMember(#""thumbnailURL":"#)
      try w.put(try r.plainString())
      try r.expectMember(#""width":"#)
      let width = try r.plainInt()
      guard r.close(UInt8(ascii: "}")) else { throw JSONReader.Unusual() }
      return Photo(texts: w.texts, width: width, height: height, likes: likes)
    }
  }

  /// The stack scratch a photo's texts are laid out in on the fast path: the texts of a
  /// provider's photo are a few hundred bytes.
  private static let writtenScratch = 1024

  /// Any order, whitespace, unknown members skipped: each member looked up by name. `Unusual`
  /// where `init(from:)` would not take the members as they are (a required text absent or
  /// null, a member twice) or where copying is not enough (an escaped text).
  private static func readMembers(from r: inout JSONReader) throws(JSONReader.Unusual) -> Photo {
    typealias F = PhotoTexts.Field
    var spans = PhotoTexts.Spans()
    var seen: UInt16 = 0
    var width: Int?
    var height: Int?
    var likes: Int??
    var tagsSeen = false
    try r.enterObject()
    while let name = try r.nextMember() {
      switch name {
      case "alt": try text(.alt, &r, &spans, &seen)
      case "author": try text(.author, &r, &spans, &seen)
      case "authorURL": try text(.authorURL, &r, &spans, &seen)
      case "averageColor": try text(.averageColor, &r, &spans, &seen)
      case "height": try r.int(into: &height)
      case "key": try text(.key, &r, &spans, &seen)
      case "largeURL": try text(.largeURL, &r, &spans, &seen)
      case "likes": try r.nullableInt(into: &likes)
      case "originalURL": try text(.originalURL, &r, &spans, &seen)
      case "pageURL": try text(.pageURL, &r, &spans, &seen)
      case "providerID": try text(.providerID, &r, &spans, &seen)
      case "tags":
        guard !tagsSeen else { throw JSONReader.Unusual() }
        tagsSeen = true
        try r.enterArray()
        while try r.nextElement() { try spans.appendTag(try r.stringSpan()) }
      case "thumbnailURL": try text(.thumbnailURL, &r, &spans, &seen)
      case "width": try r.int(into: &width)
      default: try r.skip()
      }
    }
    guard let width, let height, tagsSeen else { throw JSONReader.Unusual() }
    for field in F.allCases where !field.isOptional && spans.texts[field.rawValue] == nil {
      throw JSONReader.Unusual()
    }
    return Photo(
      texts: try spans.texts(copyingFrom: r.bytes), width: width, height: height, likes: likes ?? nil)
  }

  /// The text member `field`, read once: `null` only where the field is optional, never an escape.
  private static func text(
    _ field: PhotoTexts.Field, _ r: inout JSONReader, _ spans: inout PhotoTexts.Spans, _ seen: inout UInt16
  ) throws(JSONReader.Unusual) {
    let bit: UInt16 = 1 << field.rawValue
    guard seen & bit == 0 else { throw JSONReader.Unusual() }
    seen |= bit
    if field.isOptional, r.null() { return }
    let span = try r.stringSpan()
    guard !span.escaped else { throw JSONReader.Unusual() }
    spans.texts[field.rawValue] = span
  }
}
