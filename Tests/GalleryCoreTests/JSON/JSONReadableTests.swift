import EventStore
import Foundation
import XCTest

@testable import GalleryCore

/// The `JSONReadable` fast paths (replay's photos, pages, thumbnail and keystroke events) must
/// give exactly what the Codable path gives: the same value, or a refusal where it refuses.
final class JSONReadableTests: XCTestCase {
  private func assertSameAsCodable<T: Decodable & Equatable>(
    _ type: T.Type, _ sample: some Encodable, regular: Bool = true, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let base = try JSONValueEncoder().encode(sample)
    let readable = try XCTUnwrap(
      T.self as? any JSONReadable.Type, "\(T.self) has a fast path", file: file, line: line)
    let fastRead = try? JSONWriter.bytes(base).withUnsafeBytes { raw throws(JSONReader.Unusual) in
      try readable.read(whole: raw, as: T.self)
    }
    XCTAssertEqual(
      fastRead != nil, regular, "the fast path reads the regular case only", file: file, line: line)
    var read = 0
    for text in JSONVariants.of(base) {
      let bytes = Array(text.utf8)
      let fast = try? JSONTapeDecoder().decode(T.self, from: bytes)
      let codable = try? JSONValueDecoder().decode(T.self, from: JSONParser.parse(bytes))
      XCTAssertEqual(fast, codable, text, file: file, line: line)
      if fast != nil { read += 1 }
    }
    XCTAssertGreaterThan(read, 3, "some variants decode", file: file, line: line)
  }

  func testPhotosReadAsCodableReadsThem() throws {
    try assertSameAsCodable(Photo.self, DemoCatalog.photo(3))
    let full = DemoCatalog.photo(4)
    let bare = Photo(
      key: full.key, providerID: full.providerID, width: full.width, height: full.height, author: full.author,
      pageURL: full.pageURL, thumbnailURL: full.thumbnailURL, largeURL: full.largeURL)
    XCTAssertEqual([bare.authorURL, bare.averageColor, bare.alt, bare.originalURL], [nil, nil, nil, nil])
    XCTAssertEqual(bare.tags, [])
    try assertSameAsCodable(Photo.self, bare)
    let original = Photo(
      key: "k", providerID: "1", width: 1, height: 2, author: "Zoë ✓", tags: ["a", "", "ü"], pageURL: "p",
      thumbnailURL: "t", largeURL: "l", alt: String(repeating: "x", count: 300), originalURL: "o")
    try assertSameAsCodable(Photo.self, original)
    XCTAssertEqual(original.tags, ["a", "", "ü"], "texts read back as written, long and empty ones too")
    XCTAssertEqual(original.alt?.count, 300)
    XCTAssertEqual(original.author, "Zoë ✓")
    // Texts written with escapes are unescaped, not copied as they stand in the line.
    let escaped = Photo(
      key: "k\"1", providerID: "1", width: 1, height: 2, author: "line\nbreak\\", tags: ["tab\there", "q\""],
      pageURL: "p", thumbnailURL: "t", largeURL: "l", alt: "\u{1}")
    try assertSameAsCodable(Photo.self, escaped, regular: false)  // the Codable path unescapes
    let line = Array(
      #"{"key":"k\u0041","providerID":"1","width":1,"height":2,"author":"a\/b","tags":["\u00fc"],"pageURL":"p","thumbnailURL":"t","largeURL":"l"}"#
        .utf8)
    let fast = try JSONTapeDecoder().decode(Photo.self, from: line)
    XCTAssertEqual([fast.key, fast.author, fast.tags[0]], ["kA", "a/b", "ü"])
  }

  func testPagesAndThumbnailEventsReadAsCodableReadsThem() throws {
    try assertSameAsCodable(
      FeedPage.self, FeedPage(photos: [DemoCatalog.photo(1), DemoCatalog.photo(2)], hasMore: true))
    try assertSameAsCodable(
      ImagesEvents.ImageLoaded.self,
      ImagesEvents.ImageLoaded(key: "demo:1", target: .detail, path: "cache/ab/1"))
    try assertSameAsCodable(
      ImagesEvents.ImagesRequested.self,
      ImagesEvents.ImagesRequested(keys: ["demo:1", "demo:2"], target: .thumbnail))
  }

  func testKeystrokeEventsReadAsCodableReadsThem() throws {
    try assertSameAsCodable(
      AuthEvents.FieldEdited.self, AuthEvents.FieldEdited(form: .registration, field: .age, value: "4\"2é"))
    try assertSameAsCodable(
      AuthEvents.PasswordEdited.self, AuthEvents.PasswordEdited(form: .login, length: 6))
    // A case is matched byte for byte against the raw values, an escaped one unescaped first;
    // a prefix, a longer text or another case's bytes are no case.
    let escaped = #"{"field":"\u0065mail","form":"registration","value":"a"}"#
    let read = try JSONTapeDecoder().decode(AuthEvents.FieldEdited.self, from: Array(escaped.utf8))
    XCTAssertEqual(read, AuthEvents.FieldEdited(form: .registration, field: .email, value: "a"))
    for target in ["thumbnai", "thumbnails", "", "Detail", #"detail\u0000"#] {
      for text in [
        #"{"key":"k","path":"p","target":"\#(target)"}"#, #"{"target":"\#(target)","key":"k","path":"p"}"#,
      ] {
        XCTAssertThrowsError(
          try JSONTapeDecoder().decode(ImagesEvents.ImageLoaded.self, from: Array(text.utf8)), text)
      }
    }
  }

  /// The fast path does read the regular case itself (else this suite would prove nothing).
  func testTheRegularCaseTakesTheFastPath() throws {
    let photo = DemoCatalog.photo(5)
    let page = FeedPage(photos: [photo, DemoCatalog.photo(6)], hasMore: false)
    let bytes = try JSONValueEncoder().encodeBytes(page)
    let read = try bytes.withUnsafeBytes { raw throws(JSONReader.Unusual) in
      try FeedPage.read(whole: raw, as: FeedPage.self)
    }
    XCTAssertEqual(read, page)
    // Inside a larger text the tape checked (a snapshot's feed): read from the object's start.
    let tape = try JSONTape(bytes)
    // Keys sorted: "hasMore" (1), its value (2), "photos" (3), the array (4), the first photo (5).
    let second = tape.after(5)
    XCTAssertEqual(tape.tokens[second].kind, .object)
    let inner = try bytes.withUnsafeBytes { raw throws(JSONReader.Unusual) in
      try Photo.read(raw, at: Int(tape.tokens[second].start), as: Photo.self)
    }
    XCTAssertEqual(inner, DemoCatalog.photo(6))
  }

  /// Replay's events decode through their readers as the Codable way decodes them.
  func testReplayedEventsReadAsCodableReadsThem() throws {
    try assertSameAsCodable(
      FeedEvents.PageLoaded.self,
      FeedEvents.PageLoaded(requestID: 7, page: FeedPage(photos: [DemoCatalog.photo(1)], hasMore: true)))
    try assertSameAsCodable(
      FeedEvents.LoadStarted.self, FeedEvents.LoadStarted(requestID: 3, mode: .more, page: 2, query: "cats"))
    try assertSameAsCodable(FeedEvents.DetailOpened.self, FeedEvents.DetailOpened(key: "demo:9"))
    try assertSameAsCodable(NavigationEvents.WentBack.self, NavigationEvents.WentBack(from: .detail))
    try assertSameAsCodable(
      AuthEvents.Submitted.self, AuthEvents.Submitted(form: .login, requestID: 4, email: "a@b.c"))
    try assertSameAsCodable(
      AuthEvents.Succeeded.self, AuthEvents.Succeeded(form: .registration, requestID: 5, email: "Zoë@b.c"))
    // No members: members a later version adds are skipped, and whatever else the Codable way
    // takes (it reads no container at all) it still takes.
    for text in [
      "{}", " { } ", #"{"later":[1],"x":{"y":null}}"#, "[]", "5", #"{"a":}"#, "{",
      #"{"deep":"# + String(repeating: "[", count: 300),
    ] {
      let bytes = Array(text.utf8)
      XCTAssertEqual(
        try? JSONTapeDecoder().decode(AuthEvents.SignedOut.self, from: bytes),
        try? JSONValueDecoder().decode(AuthEvents.SignedOut.self, from: JSONParser.parse(bytes)), text)
    }
    let signedOut = try JSONTapeDecoder().decode(
      AuthEvents.SignedOut.self, from: Array(#"{"later":[1]}"#.utf8))
    XCTAssertEqual(signedOut, AuthEvents.SignedOut())
    // A screen is matched against the declared ones; an undeclared name is refused both ways.
    XCTAssertThrowsError(
      try JSONTapeDecoder().decode(NavigationEvents.WentBack.self, from: Array(#"{"from":"nowhere"}"#.utf8)))
  }

  /// The reader's own bounds: a number it does not take whole is left to the Codable way.
  func testNumbersPastTheReadersRangeAreUnusual() throws {
    for (text, expected) in [
      (#"{"form":"login","length":6}"#, 6), (#"{"form":"login","length":-0}"#, 0),
      (#"{"form":"login","length":6.0}"#, 6), (#"{"form":"login","length":6e0}"#, 6),
      (#"{"form":"login","length":123456789012345678}"#, 123_456_789_012_345_678),
      (#"{"form":"login","length":1234567890123456789}"#, 1_234_567_890_123_456_789),
    ] {
      let event = try JSONTapeDecoder().decode(AuthEvents.PasswordEdited.self, from: Array(text.utf8))
      XCTAssertEqual(event.length, expected, text)
    }
    for text in [
      #"{"form":"login","length":06}"#, #"{"form":"login","length":-}"#, #"{"form":"login","length":1e400}"#,
    ] {
      XCTAssertThrowsError(
        try JSONTapeDecoder().decode(AuthEvents.PasswordEdited.self, from: Array(text.utf8)), text)
    }
  }

  /// A photo has two readers of its own: the writer's layout read member after member with
  /// its texts laid out as they come (into a scratch of 1 KB), and any other order or size
  /// read by name. Both give what the Codable way gives, and a text too large for the
  /// scratch, a reordered photo or one with whitespace is still read without the Codable way.
  func testAPhotoOutsideTheWrittenLayoutIsStillReadByItsReader() throws {
    func fast(_ text: String) throws -> Photo {
      try Array(text.utf8).withUnsafeBytes { raw in try Photo.read(whole: raw, as: Photo.self) }
    }
    func codable(_ text: String) throws -> Photo {
      try JSONValueDecoder().decode(Photo.self, from: JSONParser.parse(Array(text.utf8)))
    }
    let long = Photo(
      key: "demo:long", providerID: "long", width: 3, height: 4, author: "Ünal 𝄞 Kaya", tags: ["é", "東京"],
      likes: 0, pageURL: "p", thumbnailURL: "t", largeURL: "l", averageColor: "#000000",
      alt: String(repeating: "ä", count: 1500))
    let written = String(decoding: try JSONValueEncoder().encodeBytes(long), as: UTF8.self)
    XCTAssertEqual(try fast(written), long, "texts past the scratch take the sized path")
    XCTAssertEqual(try fast(written).alt?.unicodeScalars.count, 1500)

    let photo = DemoCatalog.photo(7)
    let sorted = String(decoding: try JSONValueEncoder().encodeBytes(photo), as: UTF8.self)
    XCTAssertEqual(try fast(sorted), photo)
    // The members reversed, then spaced out: the reader by name takes both.
    guard case .object(let members) = try JSONValueEncoder().encode(photo) else { return XCTFail() }
    let reversed =
      "{"
      + members.keys.sorted(by: >).map { key in
        String(decoding: JSONWriter.bytes(.string(key)), as: UTF8.self) + " : "
          + String(decoding: JSONWriter.bytes(members[key]!), as: UTF8.self)
      }.joined(separator: " ,\n ") + " }"
    XCTAssertEqual(try fast(reversed), photo)
    XCTAssertEqual(try codable(reversed), photo)

    // 16 tags are read; a 17th is left to the Codable way, which reads it too.
    for count in [16, 17] {
      let tagged = Photo(
        key: "k", providerID: "1", width: 1, height: 1, author: "a", tags: (0..<count).map { "t\($0)" },
        pageURL: "p", thumbnailURL: "t", largeURL: "l")
      let text = String(decoding: try JSONValueEncoder().encodeBytes(tagged), as: UTF8.self)
      XCTAssertEqual((try? fast(text)) != nil, count == 16, "\(count) tags")
      XCTAssertEqual(try JSONTapeDecoder().decode(Photo.self, from: Array(text.utf8)), tagged)
    }

    // Bytes that are not UTF-8 inside a text: refused by both ways, on either reader's path.
    for bad: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE6, 0x9D]] {
      for text in [sorted, reversed] {
        var bytes = Array(text.utf8)
        let at = bytes.firstIndex(of: UInt8(ascii: "#"))!  // inside "averageColor"'s text
        bytes.insert(contentsOf: bad, at: at)
        XCTAssertThrowsError(
          try bytes.withUnsafeBytes { raw throws(JSONReader.Unusual) in
            try Photo.read(whole: raw, as: Photo.self)
          })
        XCTAssertThrowsError(try JSONTapeDecoder().decode(Photo.self, from: bytes), "\(bad)")
      }
    }
  }
}
