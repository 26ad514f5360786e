/// Where each key stands in a list, for one fold of a page: which photos a feed has already,
/// and which row a refreshed photo had before. Open addressing over the keys' UTF-8 bytes
/// (FNV-1a), so a key costs a few dozen instructions where a `Set<String>` spent about 400 on
/// seeded hashing; replay folds every page of a session this way.
///
/// Owner: the fold that makes it, as a local; bound: twice the keys it was sized for, each
/// slot four bytes (a page of a 10,000-photo feed: 128 KB, freed when the fold returns).
struct KeyPositions {
  /// Position + 1 of the key in each slot (0: empty); a power of two long.
  private var slots: [Int32]
  /// Each key recorded, its position and its hash (kept: growing places every key again, and
  /// a table kept between pages grows with the feed), in the order recorded.
  private var entries: [(key: String, position: Int, hash: Int)] = []

  /// Room for `capacity` keys without growing (none allocated for 0: a next page's fold has
  /// no earlier rows to look up).
  init(capacity: Int) {
    var size = capacity > 0 ? 8 : 0
    while size < capacity * 2 { size <<= 1 }
    slots = [Int32](repeating: 0, count: size)
    entries.reserveCapacity(capacity)
  }

  var count: Int { entries.count }

  /// Records `key` at `position` unless it is there already; returns whether it was new (the
  /// first position of a repeated key stands).
  @discardableResult
  mutating func insert(_ key: String, at position: Int) -> Bool {
    if entries.count * 2 >= slots.count { grow() }
    precondition(entries.count < Int(Int32.max), "more keys than a slot can number")
    let mask = slots.count - 1
    let hash = Self.hash(key)
    var slot = hash & mask
    while slots[slot] != 0 {
      let entry = Int(slots[slot]) - 1
      if entries[entry].hash == hash, entries[entry].key == key { return false }
      slot = (slot + 1) & mask
    }
    entries.append((key, position, hash))
    slots[slot] = Int32(entries.count)
    return true
  }

  /// Where `key` was recorded (nil: it was not).
  func position(of key: String) -> Int? {
    guard !entries.isEmpty else { return nil }
    let mask = slots.count - 1
    let hash = Self.hash(key)
    var slot = hash & mask
    while slots[slot] != 0 {
      let entry = Int(slots[slot]) - 1
      if entries[entry].hash == hash, entries[entry].key == key { return entries[entry].position }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Whether every key recorded still stands where it was recorded, as `key(at:)` reads the
  /// list now, and the list holds no other key (`count` entries, positions `0..<count`).
  func stillDescribes(count: Int, key: (Int) -> String) -> Bool {
    guard entries.count == count else { return false }
    for entry in entries where entry.position >= count || key(entry.position) != entry.key { return false }
    return true
  }

  /// Twice the slots (8 at first), every key placed again.
  private mutating func grow() {
    slots = [Int32](repeating: 0, count: max(8, slots.count * 2))
    let mask = slots.count - 1
    for entry in entries.indices {
      var slot = entries[entry].hash & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(entry + 1)
    }
  }

  /// FNV-1a of the key's UTF-8 bytes from a start drawn once per process (Swift's own hash
  /// seed, fixed under `SWIFT_DETERMINISTIC_HASHING`), so keys in a log cannot be crafted to
  /// collide. Which slot a key takes never changes what the fold records, only its cost.
  private static func hash(_ key: String) -> Int {
    var h = basis
    if let done = key.utf8.withContiguousStorageIfAvailable({ bytes -> UInt64 in
      var h = h
      for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
      return h
    }) {
      h = done
    } else {
      for b in key.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    }
    return Int(truncatingIfNeeded: h ^ (h >> 29))
  }

  private static let basis: UInt64 = {
    var hasher = Hasher()
    hasher.combine(0xcbf2_9ce4_8422_2325 as UInt64)
    return UInt64(bitPattern: Int64(hasher.finalize())) | 1
  }()
}
