/// The texts Navigation refuses actions with, in every language (the catalog's completeness
/// test names a missing one).
extension NavigationFeature {
  static let messages: [Language: [String: String]] = [
    .en: [
      "nav.atRoot": "There is no screen to go back to.",
      "nav.busy": "Wait for the registration to finish.",
    ],
    .es: [
      "nav.atRoot": "No hay ninguna pantalla a la que volver.",
      "nav.busy": "Espera a que termine el registro.",
    ],
  ]
}
