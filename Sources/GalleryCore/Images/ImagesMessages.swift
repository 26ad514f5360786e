/// The texts Images refuses actions with, in every language (the catalog's completeness
/// test names a missing one).
extension ImagesFeature {
  static let messages: [Language: [String: String]] = [
    .en: [
      "feed.imageNotFailed": "That image has not failed; there is nothing to retry.",
      "feed.imageNotRetryable": "Retrying that image cannot help: {reason}",
    ],
    .es: [
      "feed.imageNotFailed": "Esa imagen no ha fallado; no hay nada que reintentar.",
      "feed.imageNotRetryable": "Reintentar esa imagen no serviría: {reason}",
    ],
  ]
}
