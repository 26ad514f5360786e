/// The texts Settings refuses actions with, in every language (the catalog's completeness
/// test names a missing one).
extension SettingsFeature {
  static let messages: [Language: [String: String]] = [
    .en: [
      "settings.title": "the settings",
      "settings.invalid.oneOf": "{field} must be one of: {allowed}.",
      "settings.invalid.range": "{field} must be from {min} to {max}.",
      "settings.invalid.url": "{field} must be an http(s) URL.",
      "settings.invalid.service": "{field} is not a service ({allowed}).",
      "settings.invalid.environmentName":
        "{field} must be a name of 1 to 32 letters, digits, - or _ (not production).",
      "settings.invalid.environment": "{field} must be production or a defined environment.",
      "settings.invalid.environmentCount": "{field}: at most {max} environments can be defined.",
    ],
    .es: [
      "settings.title": "los ajustes",
      "settings.invalid.oneOf": "{field} debe ser uno de: {allowed}.",
      "settings.invalid.range": "{field} debe estar entre {min} y {max}.",
      "settings.invalid.url": "{field} debe ser una URL http(s).",
      "settings.invalid.service": "{field} no es un servicio ({allowed}).",
      "settings.invalid.environmentName":
        "{field} debe ser un nombre de 1 a 32 letras, dígitos, - o _ (no production).",
      "settings.invalid.environment": "{field} debe ser production o un entorno definido.",
      "settings.invalid.environmentCount": "{field}: se pueden definir {max} entornos como mucho.",
    ],
  ]
}
