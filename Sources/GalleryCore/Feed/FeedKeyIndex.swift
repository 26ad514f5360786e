/// Where each row of the feed stands by its key: a lookup aid kept beside the rows, not state.
/// It is never encoded, never compared (two indexes are always equal) and never published; a
/// state decoded from a snapshot starts without one.
///
/// The page fold that appends rows has this table already (it finds repeats with it) and keeps
/// it; a thumbnail's result then finds its row in one lookup instead of a search through the
/// feed. Nothing else has to keep it right: a position it gives is checked against the row
/// there, and the next page's fold reuses it only once it still describes every row. A stale
/// index costs a search, never a wrong answer.
///
/// Owner: the `FeedState` it stands in (copied with it, shared until written); bound: one
/// entry per row.
struct FeedKeyIndex: Sendable, Equatable {
  /// Empty for none (not an optional: reading a member out of one copied the table, every
  /// array in it retained, on each thumbnail's lookup).
  private var table: KeyPositions

  init(_ table: KeyPositions = KeyPositions(capacity: 0)) { self.table = table }

  /// The row holding `key` in `rows`, if the table knows it and the row there still holds it.
  func position(of key: String, in rows: UnsafeBufferPointer<FeedItem>) -> Int? {
    guard let i = table.position(of: key), i < rows.count, rows[i].key == key else { return nil }
    return i
  }

  /// The table, when it describes `rows` exactly (each key where it stands, and no other).
  func table(describing rows: [FeedItem]) -> KeyPositions? {
    guard table.count > 0 else { return nil }
    return rows.withUnsafeBufferPointer { rows in
      table.stillDescribes(count: rows.count) { rows[$0].key } ? table : nil
    }
  }

  /// Not state: any two are equal, so a state's equality never depends on it.
  static func == (a: FeedKeyIndex, b: FeedKeyIndex) -> Bool { true }
}
