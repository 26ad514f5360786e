/// The messages Albums shows, in every language (the catalog's completeness test names a
/// missing one).
extension AlbumsFeature {
  static let messages: [Language: [String: String]] = [
    .en: [
      "albums.ownersMissing": "Album owners could not be loaded; albums are shown without them.",
      "albums.emptyAlbum": "This album has no photos.",
    ],
    .es: [
      "albums.ownersMissing": "No se pudieron cargar los dueños de los álbumes; se muestran sin ellos.",
      "albums.emptyAlbum": "Este álbum no tiene fotos.",
    ],
  ]
}
