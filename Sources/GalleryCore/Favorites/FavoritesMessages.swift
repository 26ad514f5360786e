/// The favorites' texts, in every language (the catalog's completeness test names a missing one).
extension FavoritesFeature {
  static let messages: [Language: [String: String]] = [
    .en: [
      "favorite.title": "the kept photo",
      "favorites.title": "the favorites",
      "favorites.notShown": "No photo {key} is on a screen now: keep a photo from the screen that shows it.",
      "favorites.unknown": "{key} is not among your favorites.",
      "favorites.full": "You keep {max} favorites already: remove one first.",
    ],
    .es: [
      "favorite.title": "la foto guardada",
      "favorites.title": "los favoritos",
      "favorites.notShown":
        "Ninguna pantalla muestra ahora la foto {key}: guárdala desde la pantalla que la muestra.",
      "favorites.unknown": "{key} no está entre tus favoritos.",
      "favorites.full": "Ya guardas {max} favoritos: quita uno primero.",
    ],
  ]
}
