#if canImport(Glibc)
  import Glibc
#endif

/// What a search of the albums screen reads, made once when the cards are made: every card's
/// title and owner folded (`SearchFolding`) into one byte buffer, and the owners in the order
/// their sections show. A keystroke then folds only its own text, scans the buffer for it
/// (`memchr` and `memcmp`) and groups what matched: no album's text is folded again.
///
/// Derived from the cards alone (never coded, never compared): `AlbumCards` keeps it beside
/// the cards it describes. Bound: the cards' titles and owners once, plus two integers a card.
struct AlbumSearchIndex: Sendable {
  /// `title \0 owner \0` of each card, folded, in the cards' order.
  private let text: [UInt8]
  /// Where each card's text starts in `text`, and one past the last.
  private let starts: [Int]
  /// The owners' names in their sections' order (folded names first, then as written),
  /// nil for albums whose owner is unknown (last: "" sorts first, as it always has).
  let owners: [String?]
  /// Each card's owner, as an index into `owners`.
  private let ownerOf: [Int32]

  init(_ cards: [AlbumCard]) {
    var text: [UInt8] = []
    var starts: [Int] = []
    starts.reserveCapacity(cards.count + 1)
    for card in cards {
      starts.append(text.count)
      text += SearchFolding.fold(card.title)
      text.append(0)
      if let owner = card.owner { text += SearchFolding.fold(owner) }
      text.append(0)
    }
    starts.append(text.count)
    var names = Set<String>()
    for card in cards { names.insert(card.owner ?? "") }
    let folded = Dictionary(uniqueKeysWithValues: names.map { ($0, SearchFolding.fold($0)) })
    let ordered = names.sorted { a, b in
      let (x, y) = (folded[a]!, folded[b]!)
      return x == y ? a < b : x.lexicographicallyPrecedes(y)
    }
    let position = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($1, Int32($0)) })
    self.text = text
    self.starts = starts
    self.owners = ordered.map { $0.isEmpty ? nil : $0 }
    self.ownerOf = cards.map { position[$0.owner ?? ""]! }
  }

  /// Which cards `search` finds (trimmed, folded; an empty search finds every card), by
  /// position: a card matches when its title or its owner contains the search.
  func matches(_ search: String) -> [Bool] {
    let needle = SearchFolding.fold(search.trimmingSpaces)
    let count = starts.count - 1
    guard !needle.isEmpty else { return Array(repeating: true, count: count) }
    var found = Array(repeating: false, count: count)
    // A search holding the separator would match across a title and its owner.
    guard !needle.contains(0) else { return found }
    text.withUnsafeBufferPointer { haystack in
      needle.withUnsafeBufferPointer { wanted in
        guard let base = haystack.baseAddress, let first = wanted.first else { return }
        let length = wanted.count
        var at = 0
        var card = 0
        // Each place the needle's first byte is (memchr), checked for the rest (memcmp); a
        // card found is skipped whole.
        while at + length <= haystack.count,
          let candidate = memchr(base + at, Int32(first), haystack.count - length + 1 - at)
        {
          let offset = base.distance(to: candidate.assumingMemoryBound(to: UInt8.self))
          guard length == 1 || memcmp(base + offset + 1, wanted.baseAddress! + 1, length - 1) == 0 else {
            at = offset + 1
            continue
          }
          // The card holding the hit: cards are in buffer order, so search forward from the last.
          while starts[card + 1] <= offset { card += 1 }
          found[card] = true
          at = starts[card + 1]
        }
      }
    }
    return found
  }

  /// The sections `found` makes: one per owner with an album found (in `owners`' order), its
  /// albums by id; with owners unknown, one untitled section of every album found.
  func sections(_ cards: [AlbumCard], found: [Bool], ownersKnown: Bool) -> [AlbumSection] {
    guard ownersKnown else {
      let ids = cards.indices.filter { found[$0] }.map { cards[$0].id }
      return ids.isEmpty ? [] : [AlbumSection(title: nil, albumIds: ids)]
    }
    var groups = Array(repeating: [Int](), count: owners.count)
    for i in cards.indices where found[i] { groups[Int(ownerOf[i])].append(cards[i].id) }
    return groups.indices.compactMap { k in
      groups[k].isEmpty ? nil : AlbumSection(title: owners[k], albumIds: groups[k])
    }
  }
}

extension StringProtocol {
  /// Without the spaces (tabs, line ends) at either end.
  var trimmingSpaces: Substring {
    let s = Substring(self)
    guard let first = s.firstIndex(where: { !$0.isWhitespace }) else { return "" }
    let last = s.lastIndex(where: { !$0.isWhitespace })!
    return s[first...last]
  }
}
