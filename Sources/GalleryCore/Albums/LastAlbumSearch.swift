/// The last search of the albums screen and what it found, kept beside the cards so the next
/// keystroke starts from it (`AlbumSearchIndex.search(_:ownersKnown:after:)`): a search that
/// extends the last one ("alb" after "al") can only find cards the last one found, each where
/// it was found or later in the same card, so only those are looked at again, most with one
/// byte compared; and when nothing it found changes, its sections are the last ones, with no
/// grouping and nothing to patch.
///
/// Derived (never coded, never compared): made by the fold from the cards and the search
/// alone, so a replay or a restart that has none finds the same sections. Owned by
/// `AlbumCards`, dropped whenever its index is made again. Bound: two integers a card found.
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
}

/// A card a search found, and where its text holds the search (an offset into the index's text;
/// -1 for the empty search, which every card holds everywhere).
struct FoundCard: Sendable {
  let card: Int32
  let at: Int32
}
