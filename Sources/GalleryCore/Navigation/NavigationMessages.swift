/// The texts Navigation refuses actions with, in every language (the catalog's completeness
/// test names a missing one).
extension NavigationFeature {
  static let messages: [Language: [String: String]] = [
    .en: [
      "nav.atRoot": "There is no screen to go back to.",
      "nav.busy": "Wait for the registration to finish.",
      "nav.notShown": "Open {screen.title} first: this action belongs to it.",
      "nav.signInFirst": "Sign in to open {screen.title}.",
      "nav.badHome": "{screen} cannot be the home screen: use one of {homes}.",
    ],
    .es: [
      "nav.atRoot": "No hay ninguna pantalla a la que volver.",
      "nav.busy": "Espera a que termine el registro.",
      "nav.notShown": "Abre primero {screen.title}: esta acción le pertenece.",
      "nav.signInFirst": "Inicia sesión para abrir {screen.title}.",
      "nav.badHome": "{screen} no puede ser la pantalla de inicio: usa una de estas: {homes}.",
    ],
  ]
}
