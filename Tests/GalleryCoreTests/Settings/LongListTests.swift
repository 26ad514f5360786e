import XCTest

@testable import GalleryCore
@testable import JSON

/// A language switch renders the long lists' rows typed (`LongList`) and walks the rest of the
/// state's JSON. Both must hold: a long list's row has messages nowhere but in its declared
/// images, and the state rendered is the one the walk of the whole state gives.
final class LongListTests: XCTestCase {
  private var lists: [LongList] { GalleryModules.showingImages.flatMap { $0.longLists } }

  /// Read off each row type's declaration (a sample of it, its members' static types): every
  /// member that holds a message is the `error` of a declared image. A message added anywhere
  /// else in a row fails here, before a language switch could leave it in the old language.
  func testEveryMessageOfALongListsRowIsInADeclaredImage() throws {
    XCTAssertFalse(lists.isEmpty)
    let document = try AppState.view(AppState())
    for list in lists {
      XCTAssertNoThrow(try JSONPointer.resolve(list.path, in: document), "\(list.path) is in the state")
      let sample = try Self.sample(list.row)
      var found: [String] = []
      Self.messagePaths(in: sample, at: "", into: &found)
      XCTAssertEqual(Set(found), Set(list.images.map { $0 + "._error" }), list.path)
    }
  }

  /// For states whose lists hold failed images (with arguments, retryable) among plain rows,
  /// and messages elsewhere too, in each language: the same state as the whole walk's.
  func testALanguageSwitchRendersWhatTheWholeWalkRenders() {
    for language in Language.allCases {
      for rows in [0, 1, 7, 40] {
        var state = Self.state(rows: rows)
        state.settings.language = language
        var walked = state
        walked.rerenderMessagesByWalk(in: language)
        state.rerenderMessages()
        XCTAssertEqual(state, walked, "\(rows) rows in \(language)")
        XCTAssertEqual(
          try JSONWriter.bytes(JSONValue(encoding: state)), try JSONWriter.bytes(JSONValue(encoding: walked)))
        // The rows were rendered: a failed one's text is its code's in the language.
        if rows > 0, let failed = state.feed.items[0].thumbnail.error {
          XCTAssertEqual(failed.message, MessageCatalog.text(failed.code, failed.args, in: language))
          XCTAssertNotNil(failed.retry)
        }
      }
    }
  }

  /// A state in English whose every third row failed to load its image.
  private static func state(rows: Int) -> AppState {
    var state = AppState()
    let failure = RequestFailure(kind: .http, status: 503)
    func image(_ i: Int) -> ImageState {
      guard i % 3 == 0 else { return ImageState(status: .loaded, path: "cache/\(i)") }
      let error = failure.message(in: .en).retrying("images/retry", ["key": .string("k\(i)")])
      return ImageState(status: .failed, error: error)
    }
    let photos = (0..<rows).map { i in
      Photo(
        key: "p:\(i)", providerID: "\(i)", width: 1, height: 1, author: "a", pageURL: "u",
        thumbnailURL: "https://x/\(i).jpg", largeURL: "https://x/\(i)-l.jpg")
    }
    state.feed.items = photos.enumerated().map { i, photo in FeedItem(photo: photo, thumbnail: image(i)) }
    state.albums.all = AlbumCards(
      (0..<rows).map { i in
        var card = AlbumCard(album: AlbumInfo(id: i + 1, ownerID: 1, title: "album \(i)"), owner: "o")
        card.preview = image(i + 1)
        return card
      })
    state.albums.sections = state.albums.all.sectionsToFind(search: "album", ownersKnown: true)
    state.favorites.items = photos.enumerated().map { i, photo in
      var item = FavoriteItem(
        card: PhotoCard(
          source: photo.key, title: nil, author: "a", thumbnailURL: photo.thumbnailURL,
          imageURL: photo.largeURL))
      item.thumbnail = image(i + 2)
      return item
    }
    state.login.email.error = MessageCatalog.message("email.invalid", in: .en)
    state.feed.error = failure.message(in: .en)
    return state
  }

  /// A sample of `type`, as the schema makes one.
  private static func sample(_ type: any Sendable.Type) throws -> Any {
    func read<T: Codable>(_: T.Type) throws -> Any { try SchemaRecorder().read(T.self).sample }
    let codable = try XCTUnwrap(type as? any Codable.Type, "\(type) is Codable")
    return try read(codable)
  }

  /// The paths of the members of `value` whose type holds a message, found member by member.
  private static func messagePaths(in value: Any, at path: String, into found: inout [String]) {
    for child in Mirror(reflecting: value).children {
      guard let label = child.label else { continue }
      let here = path.isEmpty ? label : path + "." + label
      if String(reflecting: type(of: child.value)).contains("GalleryCore.Message") {
        found.append(here)
      } else {
        messagePaths(in: child.value, at: here, into: &found)
      }
    }
  }
}
