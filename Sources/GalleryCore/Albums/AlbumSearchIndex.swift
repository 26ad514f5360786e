#if canImport(Glibc)
  import Glibc
#endif

/// What a search of the albums screen reads, made once when the cards are made: every card's
/// title and owner folded (`SearchFolding`) into one byte buffer, and the owners in the order
/// their sections show. A keystroke then folds only its own text, scans the buffer for it
/// (`memchr` and `memcmp`; from the last search's finds when it extends it: `LastAlbumSearch`)
/// and groups what matched: no album's text is folded again.
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
    self.ownerOf = ownerOf
    self.ids = cards.map(\.id)
  }

  /// The section a card is grouped in: its owner's name (under `TestAlteration.albumGrouping`,
  /// the first letter of its title instead).
  private static func group(_ card: AlbumCard) -> String? {
    guard TestAlteration.active == .albumGrouping else { return card.owner }
    return card.title.first.map { String($0).uppercased() }
  }

  /// What `search` finds (trimmed, folded; an empty search finds every card) and the
  /// sections it makes: a card matches when its title or its owner contains the search.
  /// Starts from `last` where the search extends it (see `LastAlbumSearch`); the result is
  /// the same with or without it.
  func search(_ search: some StringProtocol, ownersKnown: Bool, after last: LastAlbumSearch?)
    -> LastAlbumSearch
  {
    let needle = SearchFolding.fold(search.trimmingSpaces)
    let count = starts.count - 1
    var found: [FoundCard]
    if let last, last.needle == needle, last.cardCount == count, last.ownersKnown == ownersKnown {
      // The same search (a space typed after a word: trimming drops it).
      return last
    }
    if let last, let kept = last.shortened(to: needle, ownersKnown: ownersKnown, cardCount: count) {
      // A search cut back to one it extended: found and grouped already.
      return kept
    }
    if needle.isEmpty {
      found = (0..<count).map { FoundCard(card: Int32(truncatingIfNeeded: $0), at: -1) }
    } else if needle.contains(0) {
      // A search holding the separator would match across a title and its owner.
      found = []
    } else if let last, !last.needle.isEmpty, last.cardCount == count, needle.count > last.needle.count,
      needle.starts(with: last.needle)
    {
      found = [FoundCard](unsafeUninitializedCapacity: last.found.count) { found, written in
        last.found.withUnsafeBufferPointer { before in
          text.withUnsafeBufferPointer { haystack in
            starts.withUnsafeBufferPointer { starts in
              needle.withUnsafeBufferPointer { wanted in
                written = Self.narrow(
                  before, into: found, in: haystack, to: wanted, known: last.needle.count, starts: starts)
              }
            }
          }
        }
      }
      if found.count == last.found.count, last.ownersKnown == ownersKnown {
        return LastAlbumSearch(
          needle: needle, found: found, cardCount: count, ownersKnown: ownersKnown, sections: last.sections
        ).extending(last)
      }

    } else {
      found = [FoundCard](unsafeUninitializedCapacity: count) { found, written in
        text.withUnsafeBufferPointer { haystack in
          starts.withUnsafeBufferPointer { starts in
            needle.withUnsafeBufferPointer { wanted in
              written = Self.scan(haystack, for: wanted, starts: starts, into: found)
            }
          }
        }
      }
    }
    let made = LastAlbumSearch(
      needle: needle, found: found, cardCount: count, ownersKnown: ownersKnown,
      sections: sections(found: found, ownersKnown: ownersKnown))
    // A search that extends the last one (the empty one included) keeps it, to come back to.
    if let last, needle.count > last.needle.count, needle.starts(with: last.needle), last.cardCount == count,
      last.ownersKnown == ownersKnown
    {
      return made.extending(last)
    }
    return made
  }

  /// Lists, in card order, each card whose text holds `wanted` and where it first does: each
  /// place its first byte is (memchr) is checked for the rest (memcmp), and a card found is
  /// skipped whole. Returns how many it listed. Not inlined: on its own, its loop keeps its
  /// values in registers (inlined into `search`, they lived on the stack).
  @inline(never)
  private static func scan(
    _ haystack: UnsafeBufferPointer<UInt8>, for wanted: UnsafeBufferPointer<UInt8>,
    starts: UnsafeBufferPointer<Int>, into found: UnsafeMutableBufferPointer<FoundCard>
  ) -> Int {
    guard let base = haystack.baseAddress, let needle = wanted.baseAddress else { return 0 }
    let length = wanted.count
    let first = Int32(needle.pointee)
    let last = haystack.count - length  // the last offset a match can start at
    var at = 0
    var card = 0
    var listed = 0
    while at <= last, let candidate = memchr(base + at, first, last + 1 - at) {
      let offset = base.distance(to: candidate.assumingMemoryBound(to: UInt8.self))
      if length > 1, memcmp(base + offset + 1, needle + 1, length - 1) != 0 {
        at = offset + 1
        continue
      }
      // The card holding the hit: cards are in buffer order, so search forward from the last.
      while starts[card + 1] <= offset { card += 1 }
      found[listed] = FoundCard(card: Int32(truncatingIfNeeded: card), at: Int32(truncatingIfNeeded: offset))
      listed += 1
      at = starts[card + 1]
    }
    return listed
  }

  /// Narrows the last search's finds (`before`) to `wanted`, into `found`; `wanted` extends
  /// the last search (its first `known` bytes are it): a card the last search did not find
  /// cannot hold `wanted`; one it found holds it where it was found when the bytes after
  /// match the new ones, else only later in the same card. Returns how many it listed. Not
  /// inlined, as `scan`: a card kept costs about a dozen instructions.
  @inline(never)
  private static func narrow(
    _ before: UnsafeBufferPointer<FoundCard>, into found: UnsafeMutableBufferPointer<FoundCard>,
    in haystack: UnsafeBufferPointer<UInt8>, to wanted: UnsafeBufferPointer<UInt8>, known: Int,
    starts: UnsafeBufferPointer<Int>
  ) -> Int {
    guard let base = haystack.baseAddress, let needle = wanted.baseAddress else { return 0 }
    let length = wanted.count
    let added = length - known
    let next = needle[known]
    var listed = 0
    var k = 0
    let count = before.count
    while k < count {
      // Cards that still hold the search where they did, one byte compared for a letter
      // typed: this loop is most of a keystroke, so the rest is out of it.
      if added == 1 {
        (k, listed) = keptByOneLetter(
          before, from: k, into: found, listed: listed, text: base, letter: next, at: known, starts: starts)
      }
      while k < count {
        let hit = before[k]
        let at = Int(hit.at)
        // Offsets into the index's text, which one event line holds (17 MB at most): far
        // from overflowing.
        guard at &+ length <= starts[Int(hit.card) &+ 1], base[at &+ known] == next,
          added == 1 || memcmp(base + at + known + 1, needle + known + 1, added - 1) == 0
        else { break }
        found[listed] = hit
        listed &+= 1
        k &+= 1
      }
      guard k < count else { break }
      let hit = before[k]
      let later = laterPlace(of: wanted, in: haystack, after: Int(hit.at), before: starts[Int(hit.card) + 1])
      if later >= 0 {
        found[listed] = FoundCard(card: hit.card, at: Int32(truncatingIfNeeded: later))
        listed += 1
      }
      k += 1
    }
    return listed
  }

  /// From `k` on, the cards that still hold the search with one letter more (`letter`, at
  /// `at` past where each holds it) copied into `found`, up to the first that does not: where
  /// `k` and `listed` are then. Apart, so its loop keeps to registers.
  @inline(never)
  private static func keptByOneLetter(
    _ before: UnsafeBufferPointer<FoundCard>, from k: Int, into found: UnsafeMutableBufferPointer<FoundCard>,
    listed: Int, text: UnsafePointer<UInt8>, letter: UInt8, at known: Int, starts: UnsafeBufferPointer<Int>
  ) -> (Int, Int) {
    var k = k
    var listed = listed
    let count = before.count
    while k < count {
      let hit = before[k]
      let next = Int(hit.at) &+ known
      guard next < starts[Int(hit.card) &+ 1], text[next] == letter else { break }
      found[listed] = hit
      listed &+= 1
      k &+= 1
    }
    return (k, listed)
  }

  /// Where `wanted` stands in `haystack` after `at` and wholly before `end` (the rest of one
  /// card's text), or -1.
  @inline(never)
  private static func laterPlace(
    of wanted: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, after at: Int,
    before end: Int
  ) -> Int {
    guard let base = haystack.baseAddress, let needle = wanted.baseAddress else { return -1 }
    let length = wanted.count
    var from = at + 1
    let lastStart = end - length
    while from <= lastStart, let candidate = memchr(base + from, Int32(needle.pointee), lastStart + 1 - from)
    {
      let offset = base.distance(to: candidate.assumingMemoryBound(to: UInt8.self))
      if memcmp(base + offset, needle, length) == 0 { return offset }
      from = offset + 1
    }
    return -1
  }

  /// The sections the cards `found` make: one per owner with an album found (in `owners`'
  /// order), its albums by id; with owners unknown, one untitled section of every album found.
  private func sections(found: [FoundCard], ownersKnown: Bool) -> [AlbumSection] {
    guard ownersKnown else {
      let shown = found.map { ids[Int($0.card)] }
      return shown.isEmpty ? [] : [AlbumSection(title: nil, albumIds: shown)]
    }
    // Counted per owner, then laid out owner after owner in one list (no append per id),
    // each section a slice of it.
    var counts = [Int](repeating: 0, count: owners.count)
    var next = [Int](repeating: 0, count: owners.count)
    let laidOut = [Int](unsafeUninitializedCapacity: found.count) { list, written in
      found.withUnsafeBufferPointer { found in
        ids.withUnsafeBufferPointer { ids in
          ownerOf.withUnsafeBufferPointer { ownerOf in
            counts.withUnsafeMutableBufferPointer { counts in
              next.withUnsafeMutableBufferPointer { next in
                for hit in found { counts[Int(ownerOf[Int(hit.card)])] += 1 }
                var total = 0
                for k in 0..<counts.count {
                  next[k] = total
                  total += counts[k]
                }
                for hit in found {
                  let card = Int(hit.card)
                  let k = Int(ownerOf[card])
                  list[next[k]] = ids[card]
                  next[k] += 1
                }
              }
            }
          }
        }
      }
      written = found.count
    }
    var sections: [AlbumSection] = []
    var start = 0
    for k in owners.indices where counts[k] > 0 {
      sections.append(AlbumSection(title: owners[k], albumIds: Array(laidOut[start..<(start + counts[k])])))
      start += counts[k]
    }
    return sections
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
