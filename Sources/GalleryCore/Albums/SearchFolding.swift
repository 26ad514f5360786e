/// Case and accent folding for search, our own: what a search compares is the folded UTF-8
/// of both sides, so "ZOË" finds "zoe" and "Ángel" finds "angel". Letters are lowercased;
/// the accented Latin letters (Latin-1 and Latin Extended-A) become their base letters
/// (ligatures and ß spelled out: "æ" is "ae"); combining marks are dropped; every other
/// character is lowercased as the Unicode standard says (no locale, no Foundation). Folding
/// happens once per album when the albums arrive, and once per keystroke for the search.
enum SearchFolding {
  /// `text` folded, as UTF-8 bytes.
  static func fold(_ text: some StringProtocol) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      let v = scalar.value
      if v < 0x80 {
        let byte = UInt8(v)
        out.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
      } else if v >= 0xC0 && v <= 0x17F, let base = latin[Int(v - 0xC0)] {
        out.append(contentsOf: base.utf8)
      } else if v >= 0x300 && v <= 0x36F {
        continue  // a combining accent
      } else {
        out.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
      }
    }
    return out
  }

  /// The base letters of U+00C0…U+017F, by offset from U+00C0 (nil: not a letter to fold,
  /// such as × and ÷).
  private static let latin: [String?] = {
    // U+00C0–U+00FF, then U+0100–U+017F.
    let latin1: [String?] = [
      "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
      "d", "n", "o", "o", "o", "o", "o", nil, "o", "u", "u", "u", "u", "y", "th", "ss",
      "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
      "d", "n", "o", "o", "o", "o", "o", nil, "o", "u", "u", "u", "u", "y", "th", "y",
    ]
    // Latin Extended-A, in runs of one base letter (each run upper and lower alike).
    let runs: [(String, Int)] = [
      ("a", 6), ("c", 8), ("d", 4), ("e", 10), ("g", 8), ("h", 4), ("i", 10), ("ij", 2), ("j", 2),
      ("k", 3), ("l", 10), ("n", 9), ("o", 6), ("oe", 2), ("r", 6), ("s", 8), ("t", 6),
      ("u", 12), ("w", 2), ("y", 3), ("z", 6), ("s", 1),
    ]
    var extended: [String?] = []
    for (base, count) in runs { extended += Array(repeating: base, count: count) }
    return latin1 + extended
  }()
}
