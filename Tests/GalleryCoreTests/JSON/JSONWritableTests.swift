import XCTest

@testable import GalleryCore

/// Each `JSONWritable` event writes exactly the bytes the encoder writes for it, so a log
/// line is the same whichever wrote it (goldens hold the lines; this holds every value).
final class JSONWritableTests: XCTestCase {
  private static let texts = [
    "", "a", "user1@mail.com", "q\"uote", "back\\slash", "tab\tline\nnul\u{0}", "é ✓ 😀", "a/b",
  ]

  /// Samples of every writable event type, over texts that need escapes and some that do not.
  private static var samples: [any EventPayload] {
    var out: [any EventPayload] = []
    for text in texts {
      for form in AuthForm.allCases {
        out.append(AuthEvents.FieldEdited(form: form, field: .email, value: text))
        out.append(AuthEvents.FieldEdited(form: form, field: .age, value: text))
      }
      out.append(ImagesEvents.ImageLoaded(key: text, target: .thumbnail, path: "cache/" + text))
      out.append(ImagesEvents.ImageLoaded(key: text, target: .detail, path: text))
      out.append(ImagesEvents.ImagesRequested(keys: [text, "demo:1", text], target: .thumbnail))
    }
    for length in [0, 1, 64, -1, Int.max, Int.min] {
      out.append(AuthEvents.PasswordEdited(form: .registration, length: length))
    }
    out.append(ImagesEvents.ImagesRequested(keys: [], target: .detail))
    // A page's photos write themselves (generated from `PhotoMembers`): absent optionals as
    // null, texts that need escapes, no tags and many.
    let escaped = Photo(
      key: "k\"1", providerID: "1", width: 1, height: 2, author: "line\nbreak\\", tags: ["tab\there", "é"],
      likes: 0, pageURL: "p", thumbnailURL: "t", largeURL: "l", alt: "\u{1}")
    let bare = Photo(
      key: "", providerID: "", width: -1, height: 0, author: "", pageURL: "", thumbnailURL: "", largeURL: "")
    out.append(
      FeedEvents.PageLoaded(
        requestID: 3, page: FeedPage(photos: [DemoCatalog.photo(1), escaped, bare], hasMore: true)))
    out.append(FeedEvents.PageLoaded(requestID: 4, page: FeedPage(photos: [], hasMore: false)))
    return out
  }

  func testEveryWriterWritesWhatTheEncoderWrites() throws {
    for sample in Self.samples {
      let writable = try XCTUnwrap(sample as? any JSONWritable, "\(type(of: sample)) writes itself")
      let written = JSONOutput.bytes { writable.write(to: &$0) }
      let encoded = try JSONValueEncoder().encodeBytes(sample)
      XCTAssertEqual(String(decoding: written, as: UTF8.self), String(decoding: encoded, as: UTF8.self))
      var wrote = false
      let data = JSONOutput.bytes { wrote = sample.writeData(to: &$0) }
      XCTAssertTrue(wrote, "the log asks the type itself")
      XCTAssertEqual(data, encoded)
      XCTAssertEqual(try EventCodec.encodeData(sample), encoded, "the log's data is the writer's")
    }
  }
}
