/// The last search of the albums screen and what it found, kept beside the cards so the next
/// keystroke starts from it (`AlbumSearchIndex.search(_:ownersKnown:after:)`): a search that
/// extends the last one ("alb" after "al") can only find cards the last one found, each where
/// it was found or later in the same card, so only those are looked at again, most with one
/// byte compared; and when nothing it found changes, its sections are the last ones, with no
/// grouping and nothing to patch. It also keeps the searches it extends (`shorter`: "al" and
/// "a" under "alb"), so a search cut back to one of them (a word erased, the field cleared to
/// a letter) is that search again, found and grouped already; the same search once more (a
/// space typed after a word, which trimming drops) is this one.
///
/// Derived (never coded, never compared): made by the fold from the cards and the search
/// alone, so a replay or a restart that has none finds the same sections. Owned by
/// `AlbumCards`, dropped whenever its index is made again. Bound: two integers a card found,
/// for it and for each search it keeps, at most `LastAlbumSearch.keptFinds` in all.
struct LastAlbumSearch: Sendable {
  /// The search, trimmed and folded.
  let needle: [UInt8]
  /// The cards it found, in card order, each with where its text holds `needle` (the first
  /// place at or after where the shorter search was found in it).
  let found: [FoundCard]
  /// How many cards the index it searched held.
  let cardCount: Int
  /// Whether the sections were grouped by owner (`ownersKnown`).
  let ownersKnown: Bool
  /// The sections these positions make.
  let sections: [AlbumSection]
  /// The searches this one extends, shortest first (each with none of its own kept).
  var shorter: [LastAlbumSearch] = []

  /// The most cards found the kept searches may hold in all, in cards of the index: eight
  /// times its cards (about 1 MB a search at 60,000 albums).
  static let keptFinds = 8

  /// This search, keeping `last` and what it kept as the searches it extends, as many of
  /// the longest as `keptFinds` allows.
  func extending(_ last: LastAlbumSearch) -> LastAlbumSearch {
    var kept = last.shorter + [last.withoutShorter]
    var total = found.count + kept.reduce(0) { $0 + $1.found.count }
    while let first = kept.first, total > Self.keptFinds * max(1, cardCount) {
      total -= first.found.count
      kept.removeFirst()
    }
    var search = self
    search.shorter = kept
    return search
  }

  /// The kept search for `needle`, if this one extends it, keeping what it extends in turn.
  func shortened(to needle: [UInt8], ownersKnown: Bool, cardCount: Int) -> LastAlbumSearch? {
    guard self.cardCount == cardCount, self.ownersKnown == ownersKnown,
      let i = shorter.firstIndex(where: { $0.needle == needle })
    else { return nil }
    var search = shorter[i]
    search.shorter = Array(shorter[..<i])
    return search
  }

  private var withoutShorter: LastAlbumSearch {
    var search = self
    search.shorter = []
    return search
  }
}

/// A card a search found, and where its text holds the search (an offset into the index's text;
/// -1 for the empty search, which every card holds everywhere).
struct FoundCard: Sendable {
  let card: Int32
  let at: Int32
}
