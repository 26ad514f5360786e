import GalleryCore

/// The OpenRPC document (protocol/openrpc.json), generated from `MethodCatalog` and
/// `ComponentSchemas` so that what is served and what is documented cannot drift apart.
public enum OpenRPCDocument {
  /// The protocol version `initialize` reports.
  public static let protocolVersion = "1.0"

  /// Every error code the server uses, with its meaning.
  public static let errors: [(code: Int, message: String, meaning: String)] = [
    (-32700, "Parse error", "the message is not valid JSON (or not UTF-8); id is null"),
    (
      -32600, "Invalid Request",
      "not a JSON-RPC 2.0 request object, an empty batch, a framing error, or a request after shutdown"
    ),
    (-32601, "Method not found", "no such method; rpc.discover lists them"),
    (-32602, "Invalid params", "a parameter is missing, unknown, or of the wrong type; data names it"),
    (-32603, "Internal error", "a bug; data says what failed"),
    (-32002, "Server not initialized", "a request before initialize"),
    (-32800, "Request cancelled", "cancelled by $/cancelRequest"),
    (
      -32001, "Not available yet", "the method's feature is not built in this version; data names the feature"
    ),
    (
      -32010, "Action rejected",
      "the action makes no sense in the current state; data is {code, message, args?}: a message code (see x-message-codes), its text, and the arguments that fill it; nothing was recorded"
    ),
    (
      -32011, "Storage error",
      "the event log could not be written or read; data says why; nothing was recorded"
    ),
    (
      -32012, "Too many requests in flight",
      "long requests (events/read, history/stateAt) are capped; data says how many"
    ),
  ]

  /// The shape of -32010's `data`.
  static let rejectionData = Schema.object(
    [
      "code": Schema.string, "message": Schema.string,
      "args": .object(["type": .string("object"), "additionalProperties": Schema.string]),
    ], optional: ["args"])

  /// Every code a message or a rejection can carry, with its arguments and both texts. A code
  /// whose text depends on a rule (`settings.invalid`, texts `settings.invalid.RULE`) is listed
  /// too, with the arguments of all its texts and the texts' codes as `variants`.
  static var messageCodes: [String: JSONValue] {
    func entry(_ code: String) -> JSONValue {
      .object([
        "args": .array(MessageCatalog.arguments(of: code).map { .string($0) }),
        "en": .string(MessageCatalog.english[code] ?? ""), "es": .string(MessageCatalog.spanish[code] ?? ""),
      ])
    }
    var codes = Dictionary(uniqueKeysWithValues: MessageCatalog.english.keys.map { ($0, entry($0)) })
    for family in Set(MethodCatalog.all.flatMap(\.refusals)) where MessageCatalog.english[family] == nil {
      let variants = MessageCatalog.english.keys.filter { $0.hasPrefix(family + ".") }.sorted()
      guard !variants.isEmpty else { continue }
      codes[family] = .object([
        "args": .array(Set(variants.flatMap(MessageCatalog.arguments(of:))).sorted().map { .string($0) }),
        "en": .string("one of the texts of its variants (by the rule broken)"),
        "es": .string("uno de los textos de sus variantes (según la regla incumplida)"),
        "variants": .array(variants.map { .string($0) }),
      ])
    }
    return codes
  }

  /// The OpenRPC document `rpc.discover` answers, for a server of `serverVersion`.
  public static func build(serverVersion: String) -> JSONValue {
    guard case .object(var document) = everythingButTheVersion, case .object(var info)? = document["info"]
    else {
      return everythingButTheVersion
    }
    info["version"] = .string(serverVersion)
    document["info"] = .object(info)
    return .object(document)
  }

  /// The document with an empty version, read once a process from the copy the build keeps
  /// (`kept`, generated from protocol/openrpc.json): making it from the declarations walks
  /// every schema, about 300 million instructions, and the document is the build's alone.
  /// A test holds the kept copy equal to the one made.
  private static let everythingButTheVersion =
    (try? JSONParser.parse(Array(kept.utf8))) ?? made(serverVersion: "")

  /// The document's component schemas (the state's and the protocol's shapes), from the
  /// build's copy: the MCP face's tools describe their results with them.
  public static var componentSchemas: [String: JSONValue] {
    guard case .object(let schemas)? = everythingButTheVersion["components"]?["schemas"] else {
      return ComponentSchemas.all
    }
    return schemas
  }

  /// The document made from the method and state declarations: what `gallery-rpc openrpc`
  /// prints, so protocol/openrpc.json (and the copy the build keeps) come from them.
  public static func made(serverVersion: String) -> JSONValue {
    let errorMessages = Dictionary(uniqueKeysWithValues: errors.map { ($0.code, $0.message) })
    let methods: [JSONValue] = MethodCatalog.all.map { spec in
      var m: [String: JSONValue] = [
        "name": .string(spec.name), "summary": .string(spec.summary), "paramStructure": .string("by-name"),
        "params": .array(
          spec.params.map { p in
            .object([
              "name": .string(p.name), "required": .bool(p.required), "summary": .string(p.summary),
              "schema": p.schema,
            ])
          }),
      ]
      if spec.isNotification {
        m["x-notification"] = .bool(true)
      } else {
        m["result"] = .object(["name": .string("result"), "schema": spec.result])
      }
      if !spec.possibleErrors.isEmpty {
        m["errors"] = .array(
          spec.possibleErrors.map {
            .object(["code": .number(Double($0)), "message": .string(errorMessages[$0] ?? "")])
          })
      }
      if case .action = spec.route {
        // The message codes its -32010 can carry (their arguments: x-message-codes).
        m["x-rejection-codes"] = .array(spec.refusals.map { .string($0) })
      }
      // What hosts that describe methods (MCP's tool annotations) read: protocol/README.md.
      if spec.isReadOnly { m["x-read-only"] = .bool(true) }
      if spec.isDestructive { m["x-destructive"] = .bool(true) }
      if !spec.destructiveParams.isEmpty {
        m["x-destructive-params"] = .array(spec.destructiveParams.map { .string($0) })
      }
      if spec.declaredIdempotent { m["x-idempotent"] = .bool(true) }
      if case .notAvailable(let feature) = spec.route { m["x-not-available-yet"] = .string(feature) }
      if !spec.tags.isEmpty { m["tags"] = .array(spec.tags.map { .object(["name": .string($0)]) }) }
      return .object(m)
    }
    return .object([
      "openrpc": .string("1.2.6"),
      "info": .object([
        "title": .string("gallery-rpc"), "version": .string(serverVersion),
        "description": .string(
          "The headless core of an image-gallery app over JSON-RPC 2.0 on stdio (Content-Length or newline framing). See protocol/README.md."
        ),
      ]),
      "methods": .array(methods),
      "components": .object([
        "schemas": .object(ComponentSchemas.all),
        "errors": .object(
          Dictionary(
            uniqueKeysWithValues: errors.map {
              (
                String($0.code),
                JSONValue.object(
                  [
                    "code": .number(Double($0.code)), "message": .string($0.message),
                    "data": .string($0.meaning),
                  ].merging($0.code == -32010 ? ["x-data-schema": rejectionData] : [:]) { a, _ in a })
              )
            })),
      ]),
      "x-message-codes": .object(messageCodes),
      "x-server-notifications": .array(
        MethodCatalog.serverNotifications.map {
          .object(["name": .string($0.name), "summary": .string($0.summary), "params": $0.params])
        }),
    ])
  }

  /// The document as pretty, stable JSON text (what protocol/openrpc.json holds).
  public static func text(serverVersion: String) -> String {
    PrettyJSON.text(made(serverVersion: serverVersion))
  }
}

/// Indented JSON with sorted keys, for documents people read and diff.
public enum PrettyJSON {
  public static func text(_ value: JSONValue) -> String {
    var out = ""
    write(value, indent: "", into: &out)
    return out + "\n"
  }

  private static func write(_ value: JSONValue, indent: String, into out: inout String) {
    let inner = indent + "  "
    switch value {
    case .array(let items) where !items.isEmpty:
      out += "[\n"
      for (i, item) in items.enumerated() {
        out += inner
        write(item, indent: inner, into: &out)
        out += i + 1 < items.count ? ",\n" : "\n"
      }
      out += indent + "]"
    case .object(let members) where !members.isEmpty:
      out += "{\n"
      let keys = members.keys.sorted()
      for (i, key) in keys.enumerated() {
        out += inner + String(decoding: JSONWriter.bytes(.string(key)), as: UTF8.self) + ": "
        write(members[key]!, indent: inner, into: &out)
        out += i + 1 < keys.count ? ",\n" : "\n"
      }
      out += indent + "}"
    default:
      out += String(decoding: JSONWriter.bytes(value), as: UTF8.self)
    }
  }
}
