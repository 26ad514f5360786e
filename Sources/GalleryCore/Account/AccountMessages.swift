/// The messages Account shows, in every language (the catalog's completeness test names a
/// missing one).
extension AccountFeature {
  static let messages: [Language: [String: String]] = [
    .en: [
      "account.title": "the account",
      "account.fileUnreadable": "The file could not be read again for the upload.",
      "account.alreadySignedIn": "Already signed in as {username}; sign out first.",
      "account.badNonce": "The sign-in state must be 16 to 128 letters and digits.",
      "account.notAwaitingRedirect":
        "No sign-in is waiting to be completed. Start signing in to the account again.",
      "account.uploadInProgress": "An upload is already running; wait for it to finish.",
      "account.uploading": "Uploading",
      "account.uploadCancelled": "The upload was cancelled.",
      "account.noUploadRunning": "No upload is running.",
      "account.uploadTextTooLong": "A title can have at most 255 characters and a description 5000.",
      "account.unknownImage": "No image with id {id} is in the list.",
      "account.notSignedIn": "Nobody is signed in.",
      "account.signedOut": "Sign in to your account first.",
      "account.loginDenied": "Sign-in was cancelled on Imgur. Sign in again to continue.",
      "account.loginError": "Imgur could not sign you in. Imgur said: “{detail}”. Sign in again.",
      "account.stateMismatch": "That sign-in answer does not belong to this sign-in. Start signing in again.",
      "account.redirectIncomplete": "The sign-in answer lacks a valid {detail}. Start signing in again.",
      "account.redirectInvalid": "That is not a sign-in answer. Start signing in again.",
      "account.sessionExpired": "Your Imgur session has ended. Sign in again.",
      "account.credentialsLost": "The saved sign-in could not be read or written. Sign in again.",
      "account.uploadInterrupted": "The app stopped during the upload. Upload again.",
      "account.deleteInterrupted": "The app stopped while deleting this image. Delete it again.",
    ],
    .es: [
      "account.title": "la cuenta",
      "account.fileUnreadable": "No se pudo volver a leer el archivo para subirlo.",
      "account.alreadySignedIn": "Ya has iniciado sesión como {username}; cierra la sesión primero.",
      "account.badNonce": "El estado de inicio de sesión debe tener de 16 a 128 letras y dígitos.",
      "account.notAwaitingRedirect":
        "Ningún inicio de sesión está esperando a completarse. Vuelve a iniciar sesión en la cuenta.",
      "account.uploadInProgress": "Ya hay una subida en curso; espera a que termine.",
      "account.uploading": "Subiendo",
      "account.uploadCancelled": "Se canceló la subida.",
      "account.noUploadRunning": "No hay ninguna subida en curso.",
      "account.uploadTextTooLong": "Un título puede tener como máximo 255 caracteres y una descripción 5000.",
      "account.unknownImage": "No hay ninguna imagen con el id {id} en la lista.",
      "account.notSignedIn": "No hay ninguna sesión iniciada.",
      "account.signedOut": "Inicia sesión en tu cuenta primero.",
      "account.loginDenied":
        "Se canceló el inicio de sesión en Imgur. Inicia sesión de nuevo para continuar.",
      "account.loginError":
        "Imgur no pudo iniciar tu sesión. Imgur dijo: «{detail}». Inicia sesión de nuevo.",
      "account.stateMismatch": "Esa respuesta no pertenece a este inicio de sesión. Empieza de nuevo.",
      "account.redirectIncomplete":
        "A la respuesta de inicio de sesión le falta un {detail} válido. Empieza de nuevo.",
      "account.redirectInvalid": "Eso no es una respuesta de inicio de sesión. Empieza de nuevo.",
      "account.sessionExpired": "Tu sesión de Imgur terminó. Inicia sesión de nuevo.",
      "account.credentialsLost": "No se pudo leer ni guardar el inicio de sesión. Inicia sesión de nuevo.",
      "account.uploadInterrupted": "La app se detuvo durante la subida. Súbela de nuevo.",
      "account.deleteInterrupted": "La app se detuvo mientras borraba esta imagen. Bórrala de nuevo.",
    ],
  ]
}
