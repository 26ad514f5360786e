import JSON
import RPCServer

/// A tool call's result as MCP shapes it, from the core's answer: the answer as
/// `structuredContent` (where the tool has an `outputSchema`) and as text, cut to
/// `BoundedAnswer.limit`; a refusal (-32010) as `isError` with the message in the state's
/// language and its code and arguments; any other error (a bad argument: -32602) as `isError`
/// naming what was wrong, as the core names it.
struct ToolResult {
  let json: JSONValue

  init(_ answer: Result<JSONValue, RPCError>, tool: MCPTool) {
    switch answer {
    case .success(let value):
      let bounded = BoundedAnswer(value, at: "")
      var content: [JSONValue] = [Self.text(String(decoding: JSONWriter.bytes(bounded.value), as: UTF8.self))]
      if let note = bounded.note { content.append(Self.text(note)) }
      var members: [String: JSONValue] = ["content": .array(content), "isError": .bool(false)]
      if tool.outputSchema != nil, case .object = bounded.value {
        members["structuredContent"] = bounded.value
      }
      json = .object(members)
    case .failure(let error) where error.code == -32010:
      var structured: [String: JSONValue] = [:]
      for key in ["code", "message", "args", "retry"] {
        if let member = error.data?[key] { structured[key] = member }
      }
      let message: String
      if case .string(let text)? = error.data?["message"] { message = text } else { message = error.message }
      json = .object([
        "content": .array([Self.text(message)]), "isError": .bool(true),
        "structuredContent": .object(structured),
      ])
    case .failure(let error):
      var detail = error.message
      if case .string(let data)? = error.data { detail += ": " + data }
      var structured: [String: JSONValue] = [
        "error": .number(Double(error.code)), "message": .string(error.message),
      ]
      if let data = error.data { structured["data"] = data }
      json = .object([
        "content": .array([Self.text(detail)]), "isError": .bool(true),
        "structuredContent": .object(structured),
      ])
    }
  }

  static func text(_ text: String) -> JSONValue {
    .object(["type": .string("text"), "text": .string(text)])
  }
}
