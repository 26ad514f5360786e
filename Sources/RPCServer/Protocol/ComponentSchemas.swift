import GalleryCore

/// The JSON Schemas of the state and of the protocol's shared shapes, published in the
/// OpenRPC document's components. The state's are derived from its types (`State` is
/// `AppState`); tests check real states and messages against them.
public enum ComponentSchemas {
  /// What every action method answers: the state's version after it and the events it
  /// recorded (a method's answer type adds members beside them).
  static let actionResult = Schema.object([
    "version": Schema.integer(minimum: 0),
    "events": Schema.array(Schema.object(["seq": Schema.integer(minimum: 1), "type": Schema.string])),
  ])

  /// The shapes every feature shares, and the protocol's own.
  static let shared: [String: JSONValue] = [
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
    "ActionResult": actionResult,
    "InitializeResult": Schema.object([
      "serverInfo": Schema.object(["name": Schema.string, "version": Schema.string]),
      "protocolVersion": Schema.string, "dataDirectory": Schema.string,
      "capabilities": Schema.object([
        "methods": Schema.array(Schema.string), "notAvailableYet": Schema.array(Schema.string),
        "notifications": Schema.array(Schema.string), "framings": Schema.array(Schema.string),
        "framing": Schema.string, "stateVersion": Schema.integer(minimum: 0), "testClock": Schema.boolean,
        "seeded": Schema.boolean, "readOnly": Schema.boolean,
        "attached": Schema.nullable(
          Schema.object([
            "role": Schema.enumeration(AttachRole.allCases.map(\.rawValue)),
            "admits": Schema.enumeration(AttachRole.allCases.map(\.rawValue)),
          ])),
        "maxMessageBytes": Schema.integer(minimum: 1),
        "demoAccount": Schema.nullable(Schema.object(["email": Schema.string, "password": Schema.string])),
      ]),
    ]),
    "Progress": Schema.object([
      "token": Schema.anyValue,
      "value": Schema.object(
        [
          "kind": Schema.enumeration(["begin", "report", "end"]), "title": Schema.string,
          "message": Schema.string,
          "percentage": Schema.integer(minimum: 0, maximum: 100),
        ],
        optional: ["title", "message", "percentage"]),
    ]),
  ]

  /// Every component: the shared ones, and the state's, derived from `AppState`'s own
  /// declaration (`SchemaRecorder`), leaving out its `@CoreOnly` members. A name in both stops
  /// the process at first use (and fails the schema tests).
  public static let all: [String: JSONValue] = {
    let recorder = SchemaRecorder()
    _ = recorder.schema(of: AppState.self)
    return shared.merging(recorder.components) { _, _ in preconditionFailure("a component declared twice") }
  }()
}
