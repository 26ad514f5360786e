import GalleryCore

/// The JSON Schemas of the state and of the protocol's shared shapes, published in the
/// OpenRPC document's components. Each feature declares its own in its contract
/// (`Features/`); `State` is the members every contract adds, plus the cross-feature ones
/// below. Tests check real states and messages against them.
public enum ComponentSchemas {
  /// The shapes every feature shares, and the protocol's own.
  static let shared: [String: JSONValue] = [
    "Message": Schema.message,
    "Unreachable": Schema.object([
      "since": Schema.nullable(Schema.string), "message": Schema.ref("Message"),
    ]),
    "EventRecord": Schema.object([
      "seq": Schema.integer(minimum: 1), "time": Schema.string, "type": Schema.string,
      "v": Schema.integer(minimum: 0),
      "data": .object(["type": .string("object")]),
    ]),
    "PatchOperation": Schema.object(
      [
        "op": Schema.enumeration(["add", "remove", "replace"]), "path": Schema.string,
        "value": Schema.anyValue,
      ],
      optional: ["value"]),
    "StateChanged": Schema.object([
      "fromVersion": Schema.integer(minimum: 0), "version": Schema.integer(minimum: 1),
      "patch": Schema.array(Schema.ref("PatchOperation")),
    ]),
    "ActionResult": Schema.object([
      "version": Schema.integer(minimum: 0),
      "events": Schema.array(Schema.object(["seq": Schema.integer(minimum: 1), "type": Schema.string])),
    ]),
    "InitializeResult": Schema.object([
      "serverInfo": Schema.object(["name": Schema.string, "version": Schema.string]),
      "protocolVersion": Schema.string, "dataDirectory": Schema.string,
      "capabilities": Schema.object([
        "methods": Schema.array(Schema.string), "notAvailableYet": Schema.array(Schema.string),
        "notifications": Schema.array(Schema.string), "framings": Schema.array(Schema.string),
        "framing": Schema.string, "stateVersion": Schema.integer(minimum: 0), "testClock": Schema.boolean,
        "seeded": Schema.boolean, "readOnly": Schema.boolean,
        "maxMessageBytes": Schema.integer(minimum: 1),
        "demoAccount": Schema.nullable(Schema.object(["email": Schema.string, "password": Schema.string])),
      ]),
    ]),
    "Progress": Schema.object([
      "token": Schema.anyValue,
      "value": Schema.object(
        [
          "kind": Schema.enumeration(["begin", "report", "end"]), "message": Schema.string,
          "percentage": Schema.integer(minimum: 0, maximum: 100),
        ],
        optional: ["message", "percentage"]),
    ]),
  ]

  /// The members of `State` no single feature owns: which provider areas are unreachable or
  /// rate-limited.
  static let crossFeatureMembers: [String: JSONValue] = [
    "unreachable": .object([
      "type": .string("object"),
      "propertyNames": Schema.enumeration(ProviderArea.allCases.map(\.rawValue)),
      "additionalProperties": Schema.ref("Unreachable"),
    ]),
    "rateLimited": .object([
      "type": .string("object"),
      "propertyNames": Schema.enumeration(ProviderArea.allCases.map(\.rawValue)),
      "additionalProperties": Schema.object(["until": Schema.string]),
    ]),
  ]

  /// Every component: the shared ones, each contract's, and `State`. A name declared twice
  /// stops the process at first use (and fails the schema tests).
  public static let all: [String: JSONValue] = {
    var all = shared
    var state = crossFeatureMembers
    for contract in FeatureContracts.all {
      all.merge(contract.schemas) { _, _ in preconditionFailure("\(contract): a component declared twice") }
      state.merge(contract.stateMembers) { _, _ in
        preconditionFailure("\(contract): a State member declared twice")
      }
    }
    all["State"] = Schema.object(state)
    return all
  }()
}
