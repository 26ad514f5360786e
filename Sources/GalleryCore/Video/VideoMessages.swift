/// The messages Video shows, in every language (the catalog's completeness test names a
/// missing one).
extension VideoFeature {
  static let messages: [Language: [String: String]] = [
    .en: [
      "video.title": "the video",
      "video.badQuality": "quality must be sd, hd, uhd or hls.",
      "video.badScreen": "width and height must be from 1 to 16384 pixels.",
      "video.noPlayableFile": "This video has no file that can be played. Try another one.",
      "video.noneListed": "The provider lists no videos right now.",
    ],
    .es: [
      "video.title": "el vídeo",
      "video.badQuality": "quality debe ser sd, hd, uhd o hls.",
      "video.badScreen": "width y height deben estar entre 1 y 16384 píxeles.",
      "video.noPlayableFile": "Este vídeo no tiene ningún archivo que se pueda reproducir. Prueba con otro.",
      "video.noneListed": "El proveedor no ofrece ningún vídeo ahora mismo.",
    ],
  ]
}
