import Foundation
import GalleryTesting
import XCTest

@testable import GalleryCore

/// The albums search: our own folding (case and accents, no locale), and the index's
/// sections, the same as filtering every card with Foundation's folding, for random albums.
final class AlbumSearchTests: XCTestCase {
  func testFoldingLowersAndDropsAccents() {
    let fold = { (text: String) in String(decoding: SearchFolding.fold(text), as: UTF8.self) }
    XCTAssertEqual(fold("ZOË Ángel Ñandú"), "zoe angel nandu")
    XCTAssertEqual(fold("Æsir Straße Øre Œuvre Łódź"), "aesir strasse ore oeuvre lodz")
    XCTAssertEqual(fold("e\u{301}te\u{301}"), "ete", "combining accents dropped")
    XCTAssertEqual(fold("ΣΟΦΙΑ 東京"), "σοφια 東京", "lowercased as Unicode says")
    XCTAssertEqual(fold("3 × 4 ÷ 2"), "3 × 4 ÷ 2")
    for v in 0xC0...0x17F {
      guard let scalar = Unicode.Scalar(v), scalar.properties.isAlphabetic else { continue }
      let folded = fold(String(scalar))
      XCTAssertTrue(
        folded.allSatisfy { $0.isASCII && $0.isLowercase }, "U+\(String(v, radix: 16)) → \(folded)")
    }
  }

  /// The sections the index gives are those of the filter it replaced (Foundation's folding
  /// of every title and owner at every keystroke), on random albums and searches.
  func testTheIndexFindsWhatFoundationsFoldingFound() {
    var random = ActionDraws(seed: 7)
    // Letters Foundation's folding leaves as they are (Ł, ø, æ, ß) are left out: ours folds
    // them too (the test above), so there the two differ on purpose.
    let names = ["Zoë Zed", "Ángel Abe", "ana", "Ana", "Björn", "", "Lúcia"]
    let words = ["album", "Trip", "été", "zoë", "Noël", "quidem", "sunt", "ÁRBOL"]
    for round in 0..<30 {
      let cards = AlbumCards(
        (1...random.below(200) + 1).map { id in
          let title = (0..<3).map { _ in random.pick(words) }.joined(separator: " ") + " \(id)"
          let owner = random.pick(names)
          return AlbumCard(
            album: AlbumInfo(id: id, ownerID: 1, title: title), owner: owner.isEmpty ? nil : owner)
        })
      for search in ["", " ", "a", "ALB", "zoe", "ete", "noel", "1", "zz", " trip ", "arbol", "ángel"] {
        for known in [true, false] {
          XCTAssertEqual(
            cards.sections(search: search, ownersKnown: known), Self.foundationSections(cards, search, known),
            "round \(round), \(search), owners known: \(known)")
        }
      }
    }
  }

  /// A keystroke that extends the last search starts from what it found (`LastAlbumSearch`):
  /// typed letter by letter, deleted, retyped, with words whose first place fails and a later
  /// one holds ("banana": "an" at 1, "ana" at 1, "anan" at 1, "nana" at 2), the sections are
  /// those a search with no last one finds, and those of the filter it replaced.
  func testTypingLetterByLetterFindsWhatAFreshSearchFinds() {
    var random = ActionDraws(seed: 11)
    let words = ["banana", "bandana", "ananas", "Nana", "an", "album", "ALBUM 12", "nab"]
    let names = ["Anna", "Nan", "Bob", ""]
    let rows = Array(
      (1...300).map { id in
        let title = (0..<2).map { _ in random.pick(words) }.joined(separator: " ") + " \(id)"
        let owner = random.pick(names)
        return AlbumCard(
          album: AlbumInfo(id: id, ownerID: 1, title: title), owner: owner.isEmpty ? nil : owner)
      })
    // One set of cards typed into (each search starts from the last: its copies share it), and
    // each search again in cards of their own, searched once.
    let cards = AlbumCards(rows)
    var typed: [String] = []
    for target in ["banana", "ananas 1", "album 12", "nan", "nana", "zzz", "an b"] {
      for n in 0...target.count { typed.append(String(target.prefix(n))) }
      for n in stride(from: target.count - 1, through: 1, by: -1) { typed.append(String(target.prefix(n))) }
    }
    // Cut back to a search it extended, a space after a word (trimmed: the same search), the
    // field cleared and typed again.
    typed += ["album 1", "a", "", "an", "an ", "  an", "al", "album 12", "a", "album 12 ", "album 1", "alb"]
    for (i, search) in typed.enumerated() {
      let known = i % 7 != 3
      let alone = AlbumCards(rows)
      let expected = alone.sections(search: search, ownersKnown: known)
      XCTAssertEqual(cards.sections(search: search, ownersKnown: known), expected, "\(i): \(search)")
      // Found when read, the same.
      XCTAssertEqual(cards.sectionsToFind(search: search, ownersKnown: known).value, expected)
      XCTAssertEqual(expected, Self.foundationSections(alone, search, known), search)
    }
  }

  /// A search folded is a search to find, found when read: folding seven keystrokes (a
  /// replay's work) searches none of them; reading one finds what a search of the cards finds,
  /// its copies share it, and a version never read stays unsearched.
  func testAFoldedSearchIsFoundOnlyWhenRead() {
    let rows = (1...120).map { id in
      AlbumCard(album: AlbumInfo(id: id, ownerID: id % 3, title: "album \(id)"), owner: "owner \(id % 3)")
    }
    var state = AppState()
    state.albums.all = AlbumCards(rows)
    state.albums.status = .loaded
    let typed = ["a", "al", "alb", "albu", "album", "album 1", "album 12"]
    var versions: [AppState] = []
    for text in typed {
      AppMachine.reduce(into: &state, Event(AlbumsEvents.SearchChanged(text: text)))
      versions.append(state)
    }
    XCTAssertFalse(versions.contains { $0.albums.sections.isFound }, "folding searched nothing")
    let copy = state
    XCTAssertEqual(
      state.albums.sections.value, AlbumCards(rows).sections(search: "album 12", ownersKnown: true))
    XCTAssertTrue(copy.albums.sections.isFound, "a copy shares what was found")
    XCTAssertFalse(versions[2].albums.sections.isFound, "a version never read is not searched")
    XCTAssertEqual(
      versions[2].albums.sections.value, AlbumCards(rows).sections(search: "alb", ownersKnown: true))
    // Encoded as the list it is, and decoded found.
    let decoded = try? JSONValueDecoder().decode(
      AlbumSections.self, from: try JSONValue(encoding: versions[4].albums.sections))
    XCTAssertEqual(decoded?.value, AlbumCards(rows).sections(search: "album", ownersKnown: true))
    XCTAssertEqual(decoded?.isFound, true)
  }

  func testLettersFoundationLeftAloneAreFoundAndSortedByTheirBase() {
    let cards = AlbumCards([
      AlbumCard(album: AlbumInfo(id: 1, ownerID: 1, title: "trip"), owner: "Zoë"),
      AlbumCard(album: AlbumInfo(id: 2, ownerID: 2, title: "Ørsted"), owner: "Łukasz"),
    ])
    XCTAssertEqual(cards.sections(search: "", ownersKnown: true).map(\.title), ["Łukasz", "Zoë"])
    XCTAssertEqual(cards.sections(search: "lukasz", ownersKnown: true).map(\.albumIds), [[2]])
    XCTAssertEqual(cards.sections(search: "orsted", ownersKnown: true).map(\.albumIds), [[2]])
  }

  /// The filter before the index, as it was.
  static func foundationSections(_ all: AlbumCards, _ search: String, _ ownersKnown: Bool) -> [AlbumSection] {
    func fold(_ text: String) -> String {
      text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
    let needle = fold(search.trimmingCharacters(in: .whitespaces))
    let shown = all.filter { card in
      needle.isEmpty || fold(card.title).contains(needle)
        || card.owner.map { fold($0).contains(needle) } == true
    }
    guard ownersKnown else {
      return shown.isEmpty ? [] : [AlbumSection(title: nil, albumIds: shown.map(\.id))]
    }
    let grouped = Dictionary(grouping: shown) { $0.owner ?? "" }
    return grouped.keys.sorted { fold($0) == fold($1) ? $0 < $1 : fold($0) < fold($1) }.map { name in
      AlbumSection(title: name.isEmpty ? nil : name, albumIds: grouped[name]!.map(\.id).sorted())
    }
  }
}
