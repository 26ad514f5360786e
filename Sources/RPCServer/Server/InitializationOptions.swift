import GalleryCore
import JSONRPC

/// What `initialize`'s `initializationOptions` declares: the app's shape (sign-in first or
/// none, the home screen) and the settings it starts with. Absent members keep their
/// defaults (`required`, `feed`, no start settings).
struct InitializationOptions {
  /// The members it takes, and the values each accepts.
  static let signInValues = AppShape.SignIn.allCases.map(\.rawValue)
  static let homeValues = AppShape.homes.map(\.rawValue)
  static let members = ["signIn", "home", "settings"]

  var shape = AppShape()
  /// The settings the app starts with (`adoptStartSettings`), or nil when it names none.
  var settings: SettingsChange?

  /// What `options` declares; a wrong name or value is -32602 naming it.
  static func parse(_ options: JSONValue?) throws(RPCError) -> InitializationOptions {
    var parsed = InitializationOptions()
    switch options {
    case nil, .null?: return parsed
    case .object(let members)?:
      for name in members.keys.sorted() where !Self.members.contains(name) {
        throw RPCError.invalidParams(
          "unknown initializationOptions member \(String(reflecting: String(name.prefix(64)))); expected: \(Self.members.joined(separator: ", "))"
        )
      }
      if let value = members["signIn"] {
        guard case .string(let raw) = value, let signIn = AppShape.SignIn(rawValue: raw) else {
          throw RPCError.invalidParams(
            "initializationOptions.signIn must be one of: \(signInValues.joined(separator: ", "))")
        }
        parsed.shape.signIn = signIn
      }
      if let value = members["home"] {
        guard case .string(let raw) = value, let home = Tab(rawValue: raw), AppShape.homes.contains(home)
        else {
          throw RPCError.invalidParams(
            "initializationOptions.home must be one of: \(homeValues.joined(separator: ", "))")
        }
        parsed.shape.home = home
      }
      if let value = members["settings"], value != .null { parsed.settings = try settings(value) }
      return parsed
    default:
      throw RPCError.invalidParams(
        "initializationOptions must be an object ({\"signIn\", \"home\", \"settings\"})")
    }
  }

  /// The start settings, checked as `settings/update` checks them.
  private static func settings(_ value: JSONValue) throws(RPCError) -> SettingsChange {
    let prefix = "initializationOptions.settings"
    var change = SettingsChange()
    do throws(RPCError) {
      guard case .object = value else { throw RPCError.invalidParams("must be an object") }
      let p = try Params(value, allowed: SettingsChange.startMembers)
      change.appearance = try p.optionalString("appearance")
      change.language = try p.optionalString("language")
      change.pageSize = try p.optionalInt("pageSize", in: -1_000_000...1_000_000)
      change.prefetchDistance = try p.optionalInt("prefetchDistance", in: -1_000_000...1_000_000)
      change.imageCacheMegabytes = try p.optionalInt("imageCacheMegabytes", in: -1_000_000...1_000_000)
    } catch {
      var detail = error.message
      if case .string(let said)? = error.data { detail = said }
      throw RPCError.invalidParams("\(prefix): \(detail)")
    }
    do { _ = try Settings().applying(change) } catch {
      // The user's text names the field as a settings screen does; the developer gets its name.
      let field = error.args["field"].map { "\($0): " } ?? ""
      throw RPCError.invalidParams("\(prefix): \(field)\(error.message)")
    }
    return change
  }

  /// The parameter's schema in the OpenRPC document.
  static let schema = Schema.object(
    [
      "signIn": Schema.enumeration(signInValues), "home": Schema.enumeration(homeValues),
      "settings": Schema.object(
        [
          "appearance": Schema.enumeration(["system", "light", "dark"]),
          "language": Schema.enumeration(Language.allCases.map(\.rawValue)),
          "pageSize": Schema.integer(minimum: 3, maximum: 200),
          "prefetchDistance": Schema.integer(minimum: 0, maximum: 100),
          "imageCacheMegabytes": Schema.integer(minimum: 5, maximum: 2000),
        ], optional: SettingsChange.startMembers),
    ],
    optional: members)
}
