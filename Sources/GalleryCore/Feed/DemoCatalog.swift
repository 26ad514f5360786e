import Foundation

/// The embedded provider, the default: a deterministic catalog of 300 photos whose images
/// are generated locally (real BMP bytes), so the whole feed works offline and replays exactly.
public struct DemoCatalog: PhotoProvider {
  public let name = "demo"
  public static let count = DemoImages.count

  static let words = [
    "mountain", "lake", "forest", "city", "night", "beach", "sunset", "river", "flower", "snow", "desert",
    "bridge",
    "street", "autumn", "ocean", "sky", "cat", "dog", "bird", "coffee", "book", "train", "garden",
    "lighthouse",
  ]
  static let authors = [
    "Ana Souza", "Björn Ek", "Chen Wei", "Dana Okafor", "Élodie Martin", "Farid Haddad", "Grace Kim",
  ]

  public init() {}

  /// A text as searches compare it: no case, no accents.
  static func folded(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  /// Whether every word of a search is in one of `fields`, as a user means it: in any case,
  /// with or without accents, and in the plural too (`cats` finds `cat`, `beaches` `beach`,
  /// `skies` `sky`), as a search of the real providers does.
  static func matches(_ words: [String], _ fields: [String]) -> Bool {
    words.allSatisfy { word in
      var forms = [word]
      if word.hasSuffix("ies"), word.count > 4 { forms.append(String(word.dropLast(3)) + "y") }
      if word.hasSuffix("es"), word.count > 3 { forms.append(String(word.dropLast(2))) }
      if word.hasSuffix("s"), word.count > 2 { forms.append(String(word.dropLast())) }
      return fields.contains { field in forms.contains { field.contains($0) } }
    }
  }

  /// The photo with demo id `n` (1...count).
  public static func photo(_ n: Int) -> Photo {
    let tags = (0..<3).map { words[(n * (7 + $0 * 5) + $0 * 3) % words.count] }
    let unique = tags.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    let (r, g, b) = DemoImages.color(n)
    return Photo(
      key: "demo:\(n)", providerID: String(n), width: DemoImages.size(n).width,
      height: DemoImages.size(n).height,
      author: authors[n % authors.count], authorURL: nil, tags: unique, likes: (n * 37) % 500,
      pageURL: "demo://photo/\(n)", thumbnailURL: "demo://photo/\(n)/thumbnail",
      largeURL: "demo://photo/\(n)/large",
      averageColor: String(format: "#%02X%02X%02X", r, g, b),
      // What the photo shows, in no language of its own (the author is shown beside it).
      alt: unique.joined(separator: ", "))
  }

  public func page(query: String, page: Int, perPage: Int) async -> Result<FeedPage, RequestFailure> {
    let words = Self.folded(query).split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
    let all = (1...Self.count).map(Self.photo).filter { photo in
      words.isEmpty || Self.matches(words, (photo.tags + [photo.author]).map(Self.folded))
    }
    let size = max(1, perPage)
    let start = (max(1, page) - 1) * size
    guard start < all.count else { return .success(FeedPage(photos: [], hasMore: false)) }
    let end = min(all.count, start + size)
    return .success(FeedPage(photos: Array(all[start..<end]), hasMore: end < all.count))
  }
}
