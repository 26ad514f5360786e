import EventStore
import Foundation
import GalleryCore
import JSON
import RPCServer

#if canImport(Glibc)
  import Glibc
#endif

/// The tools the MCP face adds to the catalog's: what an assistant debugging a session needs
/// that no JSON-RPC method does. Each is declared here once; `tools/list` and the tests read
/// this list.
public enum MCPOwnTool: String, CaseIterable, Sendable {
  /// A bug-report bundle of the log (as `gallery-rpc export`): the state before a range and
  /// its events, which `replay`, `verify` and `gallery-web --inspect` open.
  case exportBundle = "gallery.exportBundle"

  func tool(bundle: SchemaBundle) -> MCPTool {
    switch self {
    case .exportBundle:
      let seq = JSONValue.object(["type": .string("integer"), "minimum": .number(1)])
      return MCPTool(
        name: rawValue, method: nil,
        description:
          "Writes a bug-report bundle of the log to the file `out` (which must not exist): the state before the range and its events, in the log's format, so `gallery-rpc replay`, `verify` and `gallery-web --inspect` open it. By default the whole retained log.",
        inputSchema: .object([
          "type": .string("object"), "additionalProperties": .bool(false),
          "required": .array([.string("out")]),
          "properties": .object([
            "out": .object([
              "type": .string("string"), "description": .string("the bundle's path (a new file)"),
            ]),
            "from": seq.merging(description: "first seq (default: the first retained)"),
            "to": seq.merging(description: "last seq (default: the last)"),
          ]),
        ]),
        outputSchema: .object([
          "type": .string("object"), "additionalProperties": .bool(false),
          "required": .array(["out", "from", "to", "events", "bytes"].map { .string($0) }),
          "properties": .object([
            "out": .object(["type": .string("string")]), "from": .object(["type": .string("integer")]),
            "to": .object(["type": .string("integer")]), "events": .object(["type": .string("integer")]),
            "bytes": .object(["type": .string("integer")]),
          ]),
        ]),
        readOnly: false, destructive: false, idempotent: false)
    }
  }

  /// Runs the tool with its arguments: its result, or why not (named as -32602 names it).
  func call(_ arguments: JSONValue?, dataDirectory: String, build: String) -> Result<JSONValue, RPCError> {
    switch self {
    case .exportBundle:
      let args: [String: JSONValue]
      switch arguments {
      case nil, .null?: args = [:]
      case .object(let members)?: args = members
      default: return .failure(.invalidParams("arguments must be an object"))
      }
      for key in args.keys where !["out", "from", "to"].contains(key) {
        return .failure(.invalidParams("unknown parameter \"\(key.prefix(60))\""))
      }
      guard case .string(let out)? = args["out"], !out.isEmpty else {
        return .failure(.invalidParams("parameter \"out\" must be a file's path"))
      }
      // An assistant never writes over a file: the bundle goes to a new one.
      var existing = stat()
      if lstat(out, &existing) == 0 {
        return .failure(
          .invalidParams("parameter \"out\": \(out.prefix(200)) exists; a bundle goes to a new file"))
      }
      var range = LogBundle.Range()
      for key in ["from", "to"] {
        guard let value = args[key] else { continue }
        guard let n = value.exactInteger, n >= 1 else {
          return .failure(.invalidParams("parameter \"\(key)\" must be a whole number, at least 1"))
        }
        if key == "from" { range.from = UInt64(n) } else { range.to = UInt64(n) }
      }
      do {
        let summary = try LogBundle.export(
          log: dataDirectory + "/events.jsonl", range: range, out: out, build: build,
          protocolVersion: OpenRPCDocument.protocolVersion, now: EventLogOptions.systemClock())
        return .success(
          .object([
            "out": .string(out), "from": .number(Double(summary.from)), "to": .number(Double(summary.to)),
            "events": .number(Double(summary.events)), "bytes": .number(Double(summary.bytes)),
          ]))
      } catch {
        return .failure(RPCError(code: -32011, message: "Storage error", data: .string("\(error)")))
      }
    }
  }
}

extension JSONValue {
  /// This object schema with `description` set.
  fileprivate func merging(description: String) -> JSONValue {
    guard case .object(var members) = self else { return self }
    members["description"] = .string(description)
    return .object(members)
  }
}
