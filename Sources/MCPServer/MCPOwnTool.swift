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
  case exportBundle = "gallery_exportBundle"
  /// Signs in with an email and a password in one call (the three sign-in methods, then a
  /// wait for the answer): the password stays out of the log, as the core keeps it.
  case signIn = "auth_signIn"
  /// A photo a screen shows, by the key the state shows, as MCP image content (PNG, JPEG, GIF
  /// or WebP, at most `PhotoContent.maxBytes`): the assistant sees what the user sees.
  case viewPhoto = "photo_view"

  func tool(bundle: SchemaBundle, compact: Bool) -> MCPTool {
    switch self {
    case .signIn:
      return MCPTool(
        name: rawValue, method: nil,
        description:
          "Signs in with an email and a password in one call; answers once the sign-in has an outcome (at most 10 s), with what changed. The password is never recorded.",
        inputSchema: .object([
          "type": .string("object"), "additionalProperties": .bool(false),
          "required": .array([.string("email"), .string("password")]),
          "properties": .object([
            "email": .object(["type": .string("string")]), "password": .object(["type": .string("string")]),
          ]),
        ]),
        outputSchema: nil, listsOutputSchema: false,
        readOnly: false, destructive: false, destructiveParams: [], idempotent: false)
    case .viewPhoto:
      return MCPTool(
        name: rawValue, method: nil,
        description:
          "Shows a photo as an image, by the key the state shows (/feed/items/N/key, /detail/key, /album/photos/N/key, /favorites/items/N/key); a thumbnail not downloaded yet is asked for first.",
        inputSchema: .object([
          "type": .string("object"), "additionalProperties": .bool(false),
          "required": .array([.string("key")]),
          "properties": .object([
            "key": .object(["type": .string("string")]),
            "size": .object([
              "type": .string("string"), "enum": .array([.string("thumbnail"), .string("large")]),
              "description": .string("default thumbnail; large once the photo is open"),
            ]),
          ]),
        ]),
        outputSchema: nil, listsOutputSchema: false,
        readOnly: true, destructive: false, destructiveParams: [], idempotent: true)
    case .exportBundle:
      let seq = JSONValue.object(["type": .string("integer"), "minimum": .number(1)])
      return MCPTool(
        name: rawValue, method: nil,
        description: compact
          ? "Writes a bug-report bundle of the log (the state before a range, its events) into the data directory's \(BundleFolder.name) folder."
          : "Writes a bug-report bundle of the log as a new file in the data directory's \(BundleFolder.name) folder (never elsewhere, never over a file): the state before the range and its events, in the log's format, so `gallery-rpc replay`, `verify` and `gallery-web --inspect` open it. By default the whole retained log, named by the tool. At most \(BundleFolder.maxFiles) bundles and \(BundleFolder.maxTotalBytes >> 20) MiB are kept there, each at most \(BundleFolder.maxBundleBytes >> 20) MiB; the user removes old ones.",
        inputSchema: .object([
          "type": .string("object"), "additionalProperties": .bool(false),
          "properties": .object([
            "name": .object([
              "type": .string("string"), "pattern": .string("^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$"),
              "description": .string(
                "the bundle's file name (a plain name; default: bundle-DATE-TIME.jsonl)"),
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
        ]), listsOutputSchema: !compact,
        readOnly: false, destructive: false, destructiveParams: [], idempotent: false)
    }
  }

  /// Runs the tool with its arguments: its result, or why not (named as -32602 names it).
  func call(_ arguments: JSONValue?, dataDirectory: String, build: String) -> Result<JSONValue, RPCError> {
    switch self {
    case .signIn, .viewPhoto:
      // They speak to the core: `MCPFace+Assist` runs them.
      return .failure(.internalError("\(rawValue) runs through the core"))
    case .exportBundle:
      let args: [String: JSONValue]
      switch arguments {
      case nil, .null?: args = [:]
      case .object(let members)?: args = members
      default: return .failure(.invalidParams("arguments must be an object"))
      }
      let folder = BundleFolder(dataDirectory: dataDirectory)
      if args["out"] != nil {
        return .failure(
          .invalidParams(
            "parameter \"out\" is not taken: a bundle is written to \(folder.path) only; name it with \"name\""
          ))
      }
      for key in args.keys where !["name", "from", "to"].contains(key) {
        return .failure(.invalidParams("unknown parameter \"\(key.prefix(60))\""))
      }
      var name: String?
      if let value = args["name"] {
        guard case .string(let text) = value else {
          return .failure(.invalidParams("parameter \"name\" must be a plain file name"))
        }
        name = text
      }
      var range = LogBundle.Range()
      for key in ["from", "to"] {
        guard let value = args[key] else { continue }
        guard let n = value.exactInteger, n >= 1 else {
          return .failure(.invalidParams("parameter \"\(key)\" must be a whole number, at least 1"))
        }
        if key == "from" { range.from = UInt64(n) } else { range.to = UInt64(n) }
      }
      let now = EventLogOptions.systemClock()
      let out: String
      let room: Int64
      do {
        out = try folder.target(named: name, now: now)
        try folder.prepare()
        room = try folder.room()
      } catch {
        return .failure(.invalidParams("\(error)"))
      }
      do {
        let summary = try LogBundle.export(
          log: dataDirectory + "/events.jsonl", range: range, out: out, build: build,
          protocolVersion: OpenRPCDocument.protocolVersion, now: now, maxBytes: room, replacing: false)
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
