/// Every album card, published as an object keyed by the album's id (`/albums/all/7`) so a
/// section's `albumIds` resolve without a lookup table in every frontend; kept here in id
/// order, one card per id.
///
/// State format 2 made it an object (format 1 wrote an array; `StateFormat.upgrades` rewrites it).
public struct AlbumCards: Equatable, Sendable, RandomAccessCollection, MutableCollection,
  ExpressibleByArrayLiteral
{
  private var cards: [AlbumCard]
  /// What a search reads, made from the cards' titles and owners when they are made (derived:
  /// never coded, never compared).
  private(set) var searchIndex: AlbumSearchIndex { didSet { lastSearch = LastSearchMemo() } }
  /// The last search of these cards and what it found, for the next keystroke to start from
  /// (derived like the index, shared by its copies; made again with it).
  private var lastSearch = LastSearchMemo()

  /// The cards in id order; of two cards with one id, the first is kept.
  public init(_ cards: some Sequence<AlbumCard>) {
    var seen = Set<Int>()
    self.cards = cards.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    searchIndex = AlbumSearchIndex(self.cards)
  }

  /// The same cards: the index is derived from them.
  public static func == (a: AlbumCards, b: AlbumCards) -> Bool { a.cards == b.cards }

  /// The sections a search of these cards shows (see `AlbumSearchIndex`), found now and kept
  /// as the last search for the next one to start from.
  func sections(search: String, ownersKnown: Bool) -> [AlbumSection] {
    lastSearch.sections(search, ownersKnown: ownersKnown, in: searchIndex)
  }

  /// The same sections, found when first read (what the fold records: `AlbumSections`).
  func sectionsToFind(search: String, ownersKnown: Bool) -> AlbumSections {
    AlbumSections(search: search, ownersKnown: ownersKnown, in: searchIndex, after: lastSearch)
  }

  public init(arrayLiteral cards: AlbumCard...) { self.init(cards) }

  public var startIndex: Int { cards.startIndex }
  public var endIndex: Int { cards.endIndex }
  public subscript(position: Int) -> AlbumCard {
    get { cards[position] }
    set {
      // A preview changes often, a title or an owner never in practice: only they remake the index.
      let searched = cards[position].title != newValue.title || cards[position].owner != newValue.owner
      cards[position] = newValue
      if searched { searchIndex = AlbumSearchIndex(cards) }
    }
  }

  /// The card of album `id`, if listed.
  public subscript(id id: Int) -> AlbumCard? {
    position(of: id).map { cards[$0] }
  }

  /// Where album `id`'s card is (binary search: the cards are in id order).
  public func position(of id: Int) -> Int? {
    var low = 0
    var high = cards.count
    while low < high {
      let mid = (low + high) / 2
      if cards[mid].id < id { low = mid + 1 } else { high = mid }
    }
    return low < cards.count && cards[low].id == id ? low : nil
  }
}

extension AlbumCards: Codable {
  /// Reads the object keyed by id: the key is the card's id (a card that lost its `id` member
  /// keeps the one its key names).
  public init(from decoder: any Decoder) throws {
    let keyed = try decoder.singleValueContainer().decode([String: AlbumCard].self)
    self.init(
      keyed.map { key, card in
        var card = card
        if let id = Int(key) { card.id = id }
        return card
      })
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(Dictionary(cards.map { (String($0.id), $0) }, uniquingKeysWith: { a, _ in a }))
  }
}

extension AlbumCards {
  /// Format 1 → 2: `/albums/all` from an array of cards to an object keyed by each card's id.
  static func upgradeToKeyed(_ state: JSONValue) throws -> JSONValue {
    guard case .object(var root) = state, case .object(var albums)? = root["albums"],
      case .array(let cards)? = albums["all"]
    else { return state }
    var keyed: [String: JSONValue] = [:]
    for card in cards {
      guard let id = card["id"]?.exactInteger else { continue }
      if keyed[String(id)] == nil { keyed[String(id)] = card }
    }
    albums["all"] = .object(keyed)
    root["albums"] = .object(albums)
    return .object(root)
  }
}

extension AlbumsFeature {
  static let stateUpgrades = [
    StateUpgrade(
      to: 2, "`/albums/all` is an object keyed by album id (it was an array)", AlbumCards.upgradeToKeyed)
  ]
}
