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
  /// Each card's album id.
  private let ids: [Int]
  /// How many cards each owner has.
  private let sizes: [Int]

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
    for card in cards { names.insert(Self.group(card) ?? "") }
    let folded = Dictionary(uniqueKeysWithValues: names.map { ($0, SearchFolding.fold($0)) })
    let ordered = names.sorted { a, b in
      let (x, y) = (folded[a]!, folded[b]!)
      return x == y ? a < b : x.lexicographicallyPrecedes(y)
    }
    let position = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($1, Int32($0)) })
    self.text = text
    self.starts = starts
    self.owners = ordered.map { $0.isEmpty ? nil : $0 }
    let ownerOf = cards.map { position[Self.group($0) ?? ""]! }
    var sizes = Array(repeating: 0, count: ordered.count)
    for k in ownerOf { sizes[Int(k)] += 1 }
    self.ownerOf = ownerOf
    self.sizes = sizes
    self.ids = cards.map(\.id)
  }

  /// The section a card is grouped in: its owner's name (under `TestAlteration.albumGrouping`,
  /// the first letter of its title instead).
  private static func group(_ card: AlbumCard) -> String? {
    guard TestAlteration.active == .albumGrouping else { return card.owner }
    return card.title.first.map { String($0).uppercased() }
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
    found.withUnsafeMutableBufferPointer { found in
      text.withUnsafeBufferPointer { haystack in
        starts.withUnsafeBufferPointer { starts in
          needle.withUnsafeBufferPointer { wanted in
            Self.scan(haystack, for: wanted, starts: starts, into: found)
          }
        }
      }
    }
    return found
  }

  /// Marks each card whose text holds `wanted`: each place its first byte is (memchr) is
  /// checked for the rest (memcmp), and a card found is skipped whole.
  private static func scan(
    _ haystack: UnsafeBufferPointer<UInt8>, for wanted: UnsafeBufferPointer<UInt8>,
    starts: UnsafeBufferPointer<Int>, into found: UnsafeMutableBufferPointer<Bool>
  ) {
    guard let base = haystack.baseAddress, let needle = wanted.baseAddress else { return }
    let length = wanted.count
    let first = Int32(needle.pointee)
    let last = haystack.count - length  // the last offset a match can start at
    var at = 0
    var card = 0
    while at <= last, let candidate = memchr(base + at, first, last + 1 - at) {
      let offset = base.distance(to: candidate.assumingMemoryBound(to: UInt8.self))
      if length > 1, memcmp(base + offset + 1, needle + 1, length - 1) != 0 {
        at = offset + 1
        continue
      }
      // The card holding the hit: cards are in buffer order, so search forward from the last.
      while starts[card + 1] <= offset { card += 1 }
      found[card] = true
      at = starts[card + 1]
    }
  }

  /// The sections `found` makes: one per owner with an album found (in `owners`' order), its
  /// albums by id; with owners unknown, one untitled section of every album found.
  func sections(found: [Bool], ownersKnown: Bool) -> [AlbumSection] {
    guard ownersKnown else {
      var shown: [Int] = []
      for i in ids.indices where found[i] { shown.append(ids[i]) }
      return shown.isEmpty ? [] : [AlbumSection(title: nil, albumIds: shown)]
    }
    var groups = owners.indices.map { k in
      var group: [Int] = []
      group.reserveCapacity(sizes[k])
      return group
    }
    found.withUnsafeBufferPointer { found in
      ids.withUnsafeBufferPointer { ids in
        ownerOf.withUnsafeBufferPointer { ownerOf in
          for i in 0..<found.count where found[i] { groups[Int(ownerOf[i])].append(ids[i]) }
        }
      }
    }
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
