import Foundation
import JSON
import JSONRPC
import RPCServer
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// A client on a live core's attach point (`DIR/attach.sock`), spoken to over the socket as
/// any attached client speaks: newline-delimited JSON-RPC, every read bounded.
final class AttachedPeer: RPCPeer {
  let socket: Int32
  private var messages = PolledMessages(decoder: FrameDecoder(choice: .ndjson))
  private var nextID = 1
  /// Set once the core closed the connection.
  var ended: Bool { messages.ended }

  /// Connects to the core serving `dataDirectory`.
  init(dataDirectory: String) throws {
    socket = try UnixSocket.connect(to: AttachPoint.path(in: dataDirectory))
  }

  deinit { close(socket) }

  func send(_ json: String) { write(Array(json.utf8) + [0x0A]) }

  /// Writes raw bytes (all of them, however long the core takes to read; none once the core
  /// stopped reading, without a SIGPIPE).
  func write(_ bytes: [UInt8]) {
    var done = 0
    while done < bytes.count {
      let n = bytes[done...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else { return }
      done += n
    }
  }

  func takeID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  /// The next message; nil once the core closed the connection or nothing came in `patience` ms.
  func next() -> JSONValue? { messages.next(from: socket) }

  /// Every message until the core closes the connection (bounded by `patience` per read).
  func drain() -> [JSONValue] {
    var all: [JSONValue] = []
    while let message = next() { all.append(message) }
    return all
  }
}

/// A client with its copy of the state, kept by `state/changed` patches in version order, as
/// every typed client keeps its mirror: every message the client reads passes through it, and
/// `check` compares the copy with `state/get`.
final class MirroredClient {
  let peer: RPCPeer
  let name: String
  private(set) var version: UInt64 = 0
  private(set) var state: JSONValue = .null

  init(_ peer: RPCPeer, name: String) {
    self.peer = peer
    self.name = name
  }

  /// Sends a request; its whole answer (the patches before it applied to the copy).
  func answer(_ method: String, _ params: String? = nil) -> JSONValue {
    let (notes, response) = peer.response(to: peer.request(method, params))
    apply(notes)
    return response
  }

  /// Sends a request that must succeed; its result.
  @discardableResult
  func call(_ method: String, _ params: String? = nil, file: StaticString = #filePath, line: UInt = #line)
    -> JSONValue
  {
    let response = answer(method, params)
    if let error = response["error"] {
      XCTFail("\(name): \(method) failed: \(error)", file: file, line: line)
    }
    return response["result"] ?? .null
  }

  /// Asks `state/get` and checks the copy against its answer (the first call takes it as the copy).
  func check(file: StaticString = #filePath, line: UInt = #line) {
    let result = call("state/get", file: file, line: line)
    guard case .number(let v)? = result["version"], let value = result["value"] else { return }
    if state == .null {
      (version, state) = (UInt64(v), value)
      return
    }
    XCTAssertEqual(version, UInt64(v), "\(name)'s copy is at another version", file: file, line: line)
    XCTAssertEqual(state, value, "\(name)'s copy differs from state/get", file: file, line: line)
  }

  /// Applies each `state/changed` that follows the copy's version; a patch from another
  /// version is a gap (the test fails).
  private func apply(_ messages: [JSONValue]) {
    for message in messages where message["method"] == .string("state/changed") && state != .null {
      guard case .number(let to)? = message["params"]?["version"],
        case .number(let from)? = message["params"]?["fromVersion"],
        case .array(let ops)? = message["params"]?["patch"], UInt64(to) > version
      else { continue }
      XCTAssertEqual(UInt64(from), version, "\(name): a patch from \(from) reached a copy at \(version)")
      do { state = try JSONPatch.apply(ops.map(Self.operation), to: state) } catch {
        XCTFail("\(name): a patch did not apply: \(error)")
      }
      version = UInt64(to)
    }
  }

  private static func operation(_ op: JSONValue) -> JSONPatch.Operation {
    guard case .string(let kind)? = op["op"], case .string(let path)? = op["path"] else {
      return JSONPatch.Operation(.remove, "/not-an-operation")
    }
    return JSONPatch.Operation(JSONPatch.Operation.Kind(rawValue: kind) ?? .remove, path, op["value"])
  }
}
