/// The messages Video shows, in every language (the catalog's completeness test names a
/// missing one).
extension VideoFeature {
  static let messages: [Language: [String: String]] = [
    .en: [
      "video.title": "the video",
      "video.badQuality": "Choose a video quality: SD, HD, Ultra HD or streaming (HLS).",
      "video.badScreen": "The screen's width and height must be from 1 to 16384 pixels.",
      "video.noPlayableFile": "This video has no file that can be played. Try another one.",
      "video.noneListed": "The provider lists no videos right now.",
    ],
    .es: [
      "video.title": "el vídeo",
      "video.badQuality": "Elige una calidad de vídeo: SD, HD, Ultra HD o en streaming (HLS).",
      "video.badScreen": "El ancho y el alto de la pantalla deben estar entre 1 y 16384 píxeles.",
      "video.noPlayableFile": "Este vídeo no tiene ningún archivo que se pueda reproducir. Prueba con otro.",
      "video.noneListed": "El proveedor no ofrece ningún vídeo ahora mismo.",
    ],
  ]
}
