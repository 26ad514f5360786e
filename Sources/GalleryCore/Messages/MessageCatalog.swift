import Foundation

/// Every user-facing text by code. Reducers build messages from here so that the text for
/// a code is decided in one place (and, with languages, re-rendered from the code).
public enum MessageCatalog {
  /// The English text for each code; `{name}` placeholders are filled from arguments.
  public static let english: [String: String] = [
    "email.required": "Enter your email address.",
    "email.invalid": "Enter a valid email address, like name@example.com.",
    "email.tooLong": "An email address can have at most 254 characters.",
    "password.required": "Enter your password.",
    "password.tooShort": "The password needs at least 6 characters.",
    "password.tooLong": "The password can have at most 128 characters.",
    "age.required": "Enter your age.",
    "age.notANumber": "Age must be a whole number.",
    "age.outOfRange": "Age must be between 13 and 120.",
    "auth.rejected": "{detail}",
    "auth.interrupted": "The app stopped before the answer came. Submit again.",
    "request.offline": "You are offline. Check your connection and try again.",
    "request.timeout": "The server took too long to answer. Try again.",
    "request.http": "The server answered with an error (HTTP {status}). Try again.",
    "request.badRequest": "The server could not understand the request (HTTP 400).",
    "request.unauthorized": "The server refused the key or credentials (HTTP {status}).",
    "request.notFound": "The server could not find what was asked for (HTTP 404).",
    "request.rateLimited": "Too many requests. Try again in {seconds} seconds.",
    "request.rateLimitedNoDelay": "Too many requests. Try again in a moment.",
    "request.serverError": "The server had a problem (HTTP {status}). Try again.",
    "request.malformed": "The server sent an answer the app could not read.",
    "request.tooLarge": "The server's answer was too large: the limit is {limit}.",
    "request.cancelled": "The request was cancelled.",
    "request.serverSaid": "{text} The server said: “{detail}”",
    "albums.ownersMissing": "Album owners could not be loaded; albums are shown without them.",
    "albums.emptyAlbum": "This album has no photos.",
    "account.loginDenied": "Sign-in was cancelled on Imgur. Sign in again to continue.",
    "account.loginError": "Imgur could not sign you in ({detail}). Sign in again.",
    "account.stateMismatch": "That sign-in answer does not belong to this sign-in. Start signing in again.",
    "account.redirectIncomplete": "The sign-in answer is missing {detail}. Start signing in again.",
    "account.redirectInvalid": "That is not a sign-in answer ({detail}). Start signing in again.",
    "account.sessionExpired": "Your Imgur session has ended. Sign in again.",
    "account.credentialsLost": "The saved sign-in could not be read or written. Sign in again.",
    "account.uploadInterrupted": "The app stopped during the upload. Upload again.",
    "account.deleteInterrupted": "The app stopped while deleting this image. Delete it again.",
    "video.noPlayableFile": "This video has no file that can be played. Try another one.",
    "feed.noResults": "No photos for “{query}”.",
    "feed.empty": "There are no photos to show yet.",
  ]

  /// Spanish, for every code English has (a test fails if one is missing).
  public static let spanish: [String: String] = [
    "email.required": "Escribe tu correo electrónico.",
    "email.invalid": "Escribe un correo válido, como nombre@ejemplo.com.",
    "email.tooLong": "Un correo puede tener como máximo 254 caracteres.",
    "password.required": "Escribe tu contraseña.",
    "password.tooShort": "La contraseña necesita al menos 6 caracteres.",
    "password.tooLong": "La contraseña puede tener como máximo 128 caracteres.",
    "age.required": "Escribe tu edad.",
    "age.notANumber": "La edad debe ser un número entero.",
    "age.outOfRange": "La edad debe estar entre 13 y 120.",
    "auth.rejected": "{detail}",
    "auth.interrupted": "La app se detuvo antes de recibir la respuesta. Envía de nuevo.",
    "request.offline": "No tienes conexión. Compruébala e inténtalo de nuevo.",
    "request.timeout": "El servidor tardó demasiado en responder. Inténtalo de nuevo.",
    "request.http": "El servidor respondió con un error (HTTP {status}). Inténtalo de nuevo.",
    "request.badRequest": "El servidor no pudo entender la petición (HTTP 400).",
    "request.unauthorized": "El servidor rechazó la clave o las credenciales (HTTP {status}).",
    "request.notFound": "El servidor no encontró lo que se pidió (HTTP 404).",
    "request.rateLimited": "Demasiadas peticiones. Inténtalo de nuevo en {seconds} segundos.",
    "request.rateLimitedNoDelay": "Demasiadas peticiones. Inténtalo de nuevo en un momento.",
    "request.serverError": "El servidor tuvo un problema (HTTP {status}). Inténtalo de nuevo.",
    "request.malformed": "El servidor envió una respuesta que la app no pudo leer.",
    "request.tooLarge": "La respuesta del servidor era demasiado grande: el límite es {limit}.",
    "request.cancelled": "La petición se canceló.",
    "request.serverSaid": "{text} El servidor dijo: «{detail}»",
    "albums.ownersMissing": "No se pudieron cargar los dueños de los álbumes; se muestran sin ellos.",
    "albums.emptyAlbum": "Este álbum no tiene fotos.",
    "account.loginDenied": "Se canceló el inicio de sesión en Imgur. Inicia sesión de nuevo para continuar.",
    "account.loginError": "Imgur no pudo iniciar tu sesión ({detail}). Inicia sesión de nuevo.",
    "account.stateMismatch": "Esa respuesta no pertenece a este inicio de sesión. Empieza de nuevo.",
    "account.redirectIncomplete": "A la respuesta de inicio de sesión le falta {detail}. Empieza de nuevo.",
    "account.redirectInvalid": "Eso no es una respuesta de inicio de sesión ({detail}). Empieza de nuevo.",
    "account.sessionExpired": "Tu sesión de Imgur terminó. Inicia sesión de nuevo.",
    "account.credentialsLost": "No se pudo leer ni guardar el inicio de sesión. Inicia sesión de nuevo.",
    "account.uploadInterrupted": "La app se detuvo durante la subida. Súbela de nuevo.",
    "account.deleteInterrupted": "La app se detuvo mientras borraba esta imagen. Bórrala de nuevo.",
    "video.noPlayableFile": "Este vídeo no tiene ningún archivo que se pueda reproducir. Prueba con otro.",
    "feed.noResults": "No hay fotos para «{query}».",
    "feed.empty": "Todavía no hay fotos que mostrar.",
  ]

  /// The catalog of `language`.
  public static func catalog(_ language: Language) -> [String: String] {
    switch language {
    case .en: return english
    case .es: return spanish
    }
  }

  /// Renders `code` with `arguments` in `language`; an unknown code renders as itself. An
  /// argument `serverSaid` (the server's own words) is added after the text.
  public static func text(_ code: String, _ arguments: [String: String] = [:], in language: Language = .en)
    -> String
  {
    var text = catalog(language)[code] ?? english[code] ?? code
    for (name, value) in arguments where name != "serverSaid" {
      text = text.replacingOccurrences(of: "{\(name)}", with: value)
    }
    if let said = arguments["serverSaid"] {
      return self.text("request.serverSaid", ["text": text, "detail": said], in: language)
    }
    return text
  }

  /// A message for `code` in `language`, keeping its arguments so another language can render it again.
  public static func message(
    _ code: String, _ arguments: [String: String] = [:], retryable: Bool = false, in language: Language = .en
  ) -> Message {
    Message(code: code, message: text(code, arguments, in: language), retryable: retryable, args: arguments)
  }
}
