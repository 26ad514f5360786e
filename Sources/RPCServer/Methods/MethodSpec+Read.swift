import GalleryCore

/// How a method that only reads is declared: its parameters (`MethodParam`), its result type
/// (whose schema is derived from it) and how the answer comes from the state. A feature's
/// query takes its contract and nothing else: no action, no event, no framework edit.
extension MethodSpec {
  /// A query answered from the state the client has seen: every `state/changed` up to the
  /// answer's version goes out before the answer, none after it does; nothing is recorded.
  static func read<each V: Sendable, Result: Codable & Sendable>(
    _ name: String, _ summary: String, _ params: repeat MethodParam<each V>, errors: [Int] = [],
    result: Result.Type,
    _ answer: @escaping @Sendable (PublishedState, repeat each V) throws(RPCError) -> Result
  ) -> MethodSpec {
    var declared: [Param] = []
    for param in repeat each params { declared += param.declarations }
    let route: @Sendable (Params, PublishedState) throws(RPCError) -> JSONValue = {
      p, seen throws(RPCError) in
      let value = try answer(seen, repeat try (each params).read(p))
      do { return try JSONValueEncoder().encode(value) } catch {
        throw RPCError.internalError("\(name)'s answer could not be encoded: \(error)")
      }
    }
    return MethodSpec(
      name, summary, params: declared, result: InlineSchema.of(Result.self), errors: errors,
      route: .read(route))
  }
}

/// The state as the client has it: its version (the last `state/changed` sent) and its value.
public struct PublishedState: Sendable {
  public let version: UInt64
  public let state: AppState
}

/// The schema of a result type, derived from its declaration (`SchemaRecorder`) and written
/// out in place, as the document writes every method's result.
enum InlineSchema {
  /// `Result`'s object schema; a result holds plain members only (no struct inside).
  static func of<Result: Decodable>(_ type: Result.Type) -> JSONValue {
    let recorder = SchemaRecorder()
    let reference = recorder.schema(of: Result.self)
    guard case .string(let path)? = reference["$ref"], let name = path.split(separator: "/").last,
      let object = recorder.components[String(name)], recorder.components.count == 1
    else {
      preconditionFailure("\(Result.self): a result is a struct of plain members (no nested structs)")
    }
    return object
  }
}
