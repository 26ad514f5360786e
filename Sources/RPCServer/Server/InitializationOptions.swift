import GalleryCore

/// What `initialize`'s `initializationOptions` declares: the app's shape (sign-in first or
/// none, the home screen). Absent members keep their defaults (`required`, `feed`).
enum InitializationOptions {
  /// The members it takes, and the values each accepts.
  static let signInValues = AppShape.SignIn.allCases.map(\.rawValue)
  static let homeValues = AppShape.homes.map(\.rawValue)

  /// The shape `options` declares; a wrong name or value is -32602 naming it.
  static func shape(from options: JSONValue?) throws(RPCError) -> AppShape {
    var shape = AppShape()
    switch options {
    case nil, .null?: return shape
    case .object(let members)?:
      for name in members.keys.sorted() where name != "signIn" && name != "home" {
        throw RPCError.invalidParams(
          "unknown initializationOptions member \(String(reflecting: String(name.prefix(64)))); expected: signIn, home"
        )
      }
      if let value = members["signIn"] {
        guard case .string(let raw) = value, let signIn = AppShape.SignIn(rawValue: raw) else {
          throw RPCError.invalidParams(
            "initializationOptions.signIn must be one of: \(signInValues.joined(separator: ", "))")
        }
        shape.signIn = signIn
      }
      if let value = members["home"] {
        guard case .string(let raw) = value, let home = Tab(rawValue: raw), AppShape.homes.contains(home)
        else {
          throw RPCError.invalidParams(
            "initializationOptions.home must be one of: \(homeValues.joined(separator: ", "))")
        }
        shape.home = home
      }
      return shape
    default:
      throw RPCError.invalidParams("initializationOptions must be an object ({\"signIn\", \"home\"})")
    }
  }

  /// The parameter's schema in the OpenRPC document.
  static let schema = Schema.object(
    ["signIn": Schema.enumeration(signInValues), "home": Schema.enumeration(homeValues)],
    optional: ["signIn", "home"])
}
