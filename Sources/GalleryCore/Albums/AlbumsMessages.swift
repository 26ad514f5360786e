/// The messages Albums shows, in every language (the catalog's completeness test names a
/// missing one).
extension AlbumsFeature {
  static let messages: [Language: [String: String]] = [
    .en: [
      "album.title": "the album",
      "albums.title": "the albums",
      "photo.title": "the photo",
      "albums.noPhotos": "This album has no photos, so it has no preview.",
      "albums.searchTooLong": "A search can have at most 200 characters.",
      "albums.unknownAlbum": "No album with id {id} is loaded.",
      "albums.alreadyOpen": "Close the open album first.",
      "albums.unknownPhoto": "No photo with id {id} is in the open album.",
      "albums.photoAlreadyOpen": "Close the open photo first.",
      "albums.nothingToRetry": "Nothing has failed; there is nothing to retry.",
      "albums.ownersMissing": "Album owners could not be loaded; albums are shown without them.",
      "albums.emptyAlbum": "This album has no photos.",
    ],
    .es: [
      "album.title": "el álbum",
      "albums.title": "los álbumes",
      "photo.title": "la foto",
      "albums.noPhotos": "Este álbum no tiene fotos, así que no tiene vista previa.",
      "albums.searchTooLong": "Una búsqueda puede tener como máximo 200 caracteres.",
      "albums.unknownAlbum": "No hay ningún álbum cargado con el id {id}.",
      "albums.alreadyOpen": "Cierra primero el álbum abierto.",
      "albums.unknownPhoto": "No hay ninguna foto con el id {id} en el álbum abierto.",
      "albums.photoAlreadyOpen": "Cierra primero la foto abierta.",
      "albums.nothingToRetry": "Nada ha fallado; no hay nada que reintentar.",
      "albums.ownersMissing": "No se pudieron cargar los dueños de los álbumes; se muestran sin ellos.",
      "albums.emptyAlbum": "Este álbum no tiene fotos.",
    ],
  ]
}
