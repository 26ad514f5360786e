/// The messages Video shows, in every language (the catalog's completeness test names a
/// missing one).
extension VideoFeature {
  static let messages: [Language: [String: String]] = [
    .en: [
      "video.noPlayableFile": "This video has no file that can be played. Try another one."
    ],
    .es: [
      "video.noPlayableFile": "Este vídeo no tiene ningún archivo que se pueda reproducir. Prueba con otro."
    ],
  ]
}
