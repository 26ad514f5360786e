/// The messages Account shows, in every language (the catalog's completeness test names a
/// missing one).
extension AccountFeature {
  static let messages: [Language: [String: String]] = [
    .en: [
      "account.loginDenied": "Sign-in was cancelled on Imgur. Sign in again to continue.",
      "account.loginError": "Imgur could not sign you in ({detail}). Sign in again.",
      "account.stateMismatch": "That sign-in answer does not belong to this sign-in. Start signing in again.",
      "account.redirectIncomplete": "The sign-in answer is missing {detail}. Start signing in again.",
      "account.redirectInvalid": "That is not a sign-in answer ({detail}). Start signing in again.",
      "account.sessionExpired": "Your Imgur session has ended. Sign in again.",
      "account.credentialsLost": "The saved sign-in could not be read or written. Sign in again.",
      "account.uploadInterrupted": "The app stopped during the upload. Upload again.",
      "account.deleteInterrupted": "The app stopped while deleting this image. Delete it again.",
    ],
    .es: [
      "account.loginDenied":
        "Se canceló el inicio de sesión en Imgur. Inicia sesión de nuevo para continuar.",
      "account.loginError": "Imgur no pudo iniciar tu sesión ({detail}). Inicia sesión de nuevo.",
      "account.stateMismatch": "Esa respuesta no pertenece a este inicio de sesión. Empieza de nuevo.",
      "account.redirectIncomplete": "A la respuesta de inicio de sesión le falta {detail}. Empieza de nuevo.",
      "account.redirectInvalid": "Eso no es una respuesta de inicio de sesión ({detail}). Empieza de nuevo.",
      "account.sessionExpired": "Tu sesión de Imgur terminó. Inicia sesión de nuevo.",
      "account.credentialsLost": "No se pudo leer ni guardar el inicio de sesión. Inicia sesión de nuevo.",
      "account.uploadInterrupted": "La app se detuvo durante la subida. Súbela de nuevo.",
      "account.deleteInterrupted": "La app se detuvo mientras borraba esta imagen. Bórrala de nuevo.",
    ],
  ]
}
