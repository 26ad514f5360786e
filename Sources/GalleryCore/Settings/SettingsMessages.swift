/// The texts Settings refuses actions with, in every language (the catalog's completeness
/// test names a missing one).
extension SettingsFeature {
  static let messages: [Language: [String: String]] = [
    .en: [
      "settings.title": "the settings",
      "settings.invalid.oneOf": "{field.title} must be one of: {allowed}.",
      "settings.invalid.range": "{field.title} must be from {min} to {max}.",
      // What a settings screen calls each field a refusal names.
      "appearance.title": "Appearance", "language.title": "Language", "pageSize.title": "Page size",
      "prefetchDistance.title": "Prefetch distance", "imageCacheMegabytes.title": "Image cache (MB)",
      "feedProvider.title": "Photo provider", "albumsProvider.title": "Albums provider",
      "accountProvider.title": "Account provider", "videoProvider.title": "Video provider",
      "settings.invalid.url": "{field} must be an http(s) URL.",
      "settings.invalid.service": "{field} is not a service ({allowed}).",
      "settings.invalid.environmentName":
        "{field} must be a name of 1 to 32 letters, digits, - or _ (not production).",
      "settings.invalid.environment": "{field} must be production or a defined environment.",
      "settings.invalid.environmentCount": "{field}: at most {max} environments can be defined.",
    ],
    .es: [
      "settings.title": "los ajustes",
      "settings.invalid.oneOf": "{field.title} debe ser uno de: {allowed}.",
      "settings.invalid.range": "{field.title} debe estar entre {min} y {max}.",
      "appearance.title": "Apariencia", "language.title": "Idioma", "pageSize.title": "Tamaño de página",
      "prefetchDistance.title": "Distancia de precarga",
      "imageCacheMegabytes.title": "Caché de imágenes (MB)",
      "feedProvider.title": "Proveedor de fotos", "albumsProvider.title": "Proveedor de álbumes",
      "accountProvider.title": "Proveedor de la cuenta", "videoProvider.title": "Proveedor de vídeo",
      "settings.invalid.url": "{field} debe ser una URL http(s).",
      "settings.invalid.service": "{field} no es un servicio ({allowed}).",
      "settings.invalid.environmentName":
        "{field} debe ser un nombre de 1 a 32 letras, dígitos, - o _ (no production).",
      "settings.invalid.environment": "{field} debe ser production o un entorno definido.",
      "settings.invalid.environmentCount": "{field}: se pueden definir {max} entornos como mucho.",
    ],
  ]
}
