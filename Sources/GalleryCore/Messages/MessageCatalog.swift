import Foundation

/// Every user-facing text by code. Reducers build messages from here so that the text for
/// a code is decided in one place (and, with languages, re-rendered from the code).
public enum MessageCatalog {
  /// The English text for each code; `{name}` placeholders are filled from arguments. The
  /// messages every feature shares (a request's failure) are here; each feature adds its
  /// own (`FeatureModule.messages`).
  public static let english = collected(.en).texts

  /// Spanish, for every code English has (a test fails if one is missing).
  public static let spanish = collected(.es).texts

  /// Codes defined more than once (by two features, or a feature and the shared ones): the
  /// first wins, and a test fails while there is any.
  public static let duplicateCodes = (collected(.en).duplicates + collected(.es).duplicates).sorted()

  private static func collected(_ language: Language) -> (texts: [String: String], duplicates: [String]) {
    var texts = language == .en ? sharedEnglish : sharedSpanish
    var duplicates: [String] = []
    for module in GalleryModules.all {
      for (code, text) in module.messages[language] ?? [:] {
        if texts[code] != nil {
          duplicates.append("\(language.rawValue) \(code)")
        } else {
          texts[code] = text
        }
      }
    }
    return (texts, duplicates)
  }

  private static let sharedEnglish: [String: String] = [
    "request.offline": "You are offline. Check your connection and try again.",
    "request.unreachable": "The service cannot be reached. Check your connection or try again later.",
    "request.timeout": "The server took too long to answer. Try again.",
    "request.http": "The server answered with an error (HTTP {status}). Try again.",
    "request.unsuccessful": "The server said the request did not succeed. Try again.",
    "request.rejected": "The server refused the request.",
    "request.badRequest": "The server could not understand the request (HTTP 400).",
    "request.unauthorized": "The server refused the key or credentials (HTTP {status}).",
    "request.notFound": "The server could not find what was asked for (HTTP 404).",
    "request.rateLimited": "Too many requests. Try again in {seconds} seconds.",
    "request.rateLimited.one": "Too many requests. Try again in 1 second.",
    "request.rateLimitedNoDelay": "Too many requests. Try again in a moment.",
    "request.serverError": "The server had a problem (HTTP {status}). Try again.",
    "request.malformed": "The server sent an answer the app could not read.",
    "request.tooLarge": "The server's answer was too large: the limit is {limit}.",
    "request.cancelled": "The request was cancelled.",
    "request.empty": "There is nothing to show here.",
    "request.retryTooSoon": "Too many requests: try again in {seconds} seconds.",
    "request.retryTooSoon.one": "Too many requests: try again in 1 second.",
    "image.tooLarge": "This image is larger than {limit}, the most the app keeps.",
    "config.missingKey": "This provider needs an API key: set {variable} and start the app again.",
    "request.notKept":
      "This device could not keep it: the disk may be full, or a file of the app's damaged. Make room or check the app's folder, then try again.",
    "request.noClient":
      "This app cannot reach the provider here: libcurl 4 is missing or unusable. Install it and start the app again (the demo providers work without it).",
    "request.serverSaid": "{text} The server said: “{detail}”",
    "progress.readingEvents": "Reading events",
    "progress.replaying": "Replaying to event {seq}",
    "progress.findingChanges": "Finding what changed {pointer}",
  ]

  private static let sharedSpanish: [String: String] = [
    "request.offline": "No tienes conexión. Compruébala e inténtalo de nuevo.",
    "request.unreachable":
      "No se puede contactar con el servicio. Comprueba tu conexión o inténtalo más tarde.",
    "request.timeout": "El servidor tardó demasiado en responder. Inténtalo de nuevo.",
    "request.http": "El servidor respondió con un error (HTTP {status}). Inténtalo de nuevo.",
    "request.unsuccessful": "El servidor dijo que la petición no salió bien. Inténtalo de nuevo.",
    "request.rejected": "El servidor rechazó la petición.",
    "request.badRequest": "El servidor no pudo entender la petición (HTTP 400).",
    "request.unauthorized": "El servidor rechazó la clave o las credenciales (HTTP {status}).",
    "request.notFound": "El servidor no encontró lo que se pidió (HTTP 404).",
    "request.rateLimited": "Demasiadas peticiones. Inténtalo de nuevo en {seconds} segundos.",
    "request.rateLimited.one": "Demasiadas peticiones. Inténtalo de nuevo en 1 segundo.",
    "request.rateLimitedNoDelay": "Demasiadas peticiones. Inténtalo de nuevo en un momento.",
    "request.serverError": "El servidor tuvo un problema (HTTP {status}). Inténtalo de nuevo.",
    "request.malformed": "El servidor envió una respuesta que la app no pudo leer.",
    "request.tooLarge": "La respuesta del servidor era demasiado grande: el límite es {limit}.",
    "request.cancelled": "La petición se canceló.",
    "request.empty": "No hay nada que mostrar aquí.",
    "request.retryTooSoon": "Demasiadas peticiones: inténtalo de nuevo en {seconds} segundos.",
    "request.retryTooSoon.one": "Demasiadas peticiones: inténtalo de nuevo en 1 segundo.",
    "image.tooLarge": "Esta imagen supera {limit}, lo máximo que guarda la app.",
    "config.missingKey":
      "Este proveedor necesita una clave de API: define {variable} y vuelve a iniciar la app.",
    "request.notKept":
      "Este dispositivo no pudo guardarlo: puede que el disco esté lleno o que un archivo de la app esté dañado. Libera espacio o revisa la carpeta de la app y vuelve a intentarlo.",
    "request.noClient":
      "La app no puede conectar con el proveedor aquí: falta libcurl 4 o no se puede usar. Instálala y vuelve a iniciar la app (los proveedores de demostración funcionan sin ella).",
    "request.serverSaid": "{text} El servidor dijo: «{detail}»",
    "progress.readingEvents": "Leyendo eventos",
    "progress.replaying": "Reproduciendo hasta el evento {seq}",
    "progress.findingChanges": "Buscando qué cambió en {pointer}",
  ]

  /// The arguments `code`'s text takes (its `{name}` placeholders), sorted.
  public static func arguments(of code: String) -> [String] {
    var found = Set<String>()
    var rest = Substring(english[code] ?? "")
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      // `{screen.title}` is the argument `screen`, shown by its title.
      let name = rest[rest.index(after: open)..<close]
      found.insert(String(name.hasSuffix(".title") ? name.dropLast(6) : name))
      rest = rest[rest.index(after: close)...]
    }
    return found.sorted()
  }

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
    // A count of one has its own text where the catalog gives one (`CODE.one`).
    let singular = arguments["seconds"] == "1" ? "\(code).one" : nil
    let texts = catalog(language)
    var text = singular.flatMap { texts[$0] ?? english[$0] } ?? texts[code] ?? english[code] ?? code
    for (name, value) in arguments where name != "serverSaid" {
      text = text.replacingOccurrences(of: "{\(name)}", with: value)
      // `{screen.title}`: the value's title in this language (the code `VALUE.title`), which
      // the feature that declares the screen gives; the value itself where none does.
      if text.contains("{\(name).title}") {
        let title = texts["\(value).title"] ?? english["\(value).title"] ?? value
        text = text.replacingOccurrences(of: "{\(name).title}", with: title)
      }
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
