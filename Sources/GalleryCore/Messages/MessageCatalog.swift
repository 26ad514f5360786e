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
  ]

  /// Renders `code` with `arguments`; an unknown code renders as itself.
  public static func text(_ code: String, _ arguments: [String: String] = [:]) -> String {
    var text = english[code] ?? code
    for (name, value) in arguments { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
    return text
  }

  /// A message for `code`.
  public static func message(_ code: String, _ arguments: [String: String] = [:], retryable: Bool = false)
    -> Message
  {
    Message(code: code, message: text(code, arguments), retryable: retryable)
  }
}
