/// The messages Feed shows, in every language (the catalog's completeness test names a
/// missing one).
extension FeedFeature {
  static let messages: [Language: [String: String]] = [
    .en: [
      "feed.noResults": "No photos for “{query}”.",
      "feed.empty": "There are no photos to show yet.",
    ],
    .es: [
      "feed.noResults": "No hay fotos para «{query}».",
      "feed.empty": "Todavía no hay fotos que mostrar.",
    ],
  ]
}
