/// The last search of the albums screen and what it found, kept beside the cards so the next
/// keystroke starts from it (`AlbumSearchIndex.search(_:ownersKnown:after:)`): a search that
/// extends the last one ("alb" after "al") can only find cards the last one found, each where
/// it was found or later in the same card, so only those are looked at again, most with one
/// byte compared; and when nothing it found changes, its sections are the last ones, with no
/// grouping and nothing to patch.
///
/// Derived (never coded, never compared): made by the fold from the cards and the search
/// alone, so a replay or a restart that has none finds the same sections. Owned by
/// `AlbumCards`, dropped whenever its index is made again. Bound: one integer a card.
struct LastAlbumSearch: Sendable {
  /// The search, trimmed and folded.
  let needle: [UInt8]
  /// Where each card's text holds `needle` (an offset into the index's text; the first place
  /// at or after where the shorter search was found), or -1 where it does not.
  let positions: [Int32]
  /// Whether the sections were grouped by owner (`ownersKnown`).
  let ownersKnown: Bool
  /// The sections these positions make.
  let sections: [AlbumSection]
}
