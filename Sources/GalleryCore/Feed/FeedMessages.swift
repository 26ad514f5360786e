/// The messages Feed shows, in every language (the catalog's completeness test names a
/// missing one).
extension FeedFeature {
  static let messages: [Language: [String: String]] = [
    .en: [
      "detail.title": "the photo's detail",
      "feed.title": "the photos",
      "home.title": "the photos",
      "feed.unknownKey": "No photo with key {key} is in the feed.",
      "feed.queryTooLong": "A search can have at most 200 characters.",
      "detail.alreadyOpen": "Close the open photo first.",
      "detail.notOpen": "No photo is open.",
      "feed.noResults": "No photos for “{query}”.",
      "feed.empty": "There are no photos to show yet.",
    ],
    .es: [
      "detail.title": "el detalle de la foto",
      "feed.title": "las fotos",
      "home.title": "las fotos",
      "feed.unknownKey": "No hay ninguna foto con la clave {key} en el feed.",
      "feed.queryTooLong": "Una búsqueda puede tener como máximo 200 caracteres.",
      "detail.alreadyOpen": "Cierra primero la foto abierta.",
      "detail.notOpen": "No hay ninguna foto abierta.",
      "feed.noResults": "No hay fotos para «{query}».",
      "feed.empty": "Todavía no hay fotos que mostrar.",
    ],
  ]
}
