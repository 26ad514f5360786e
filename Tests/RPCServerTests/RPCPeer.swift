import GalleryClient
import GalleryCore
import XCTest

/// A JSON-RPC server a test talks to (a spawned binary or one in process): what both share,
/// built on sending a request and reading the next message with a bound.
protocol RPCPeer: AnyObject {
  /// Writes one message in the peer's framing.
  func send(_ json: String)
  /// The id for the next request (1, 2, …).
  func takeID() -> Int
  /// The next message, or nil when there is none (closed, or nothing in time).
  func next() -> JSONValue?
}

extension RPCPeer {
  /// Sends a request and returns its id.
  @discardableResult
  func request(_ method: String, _ params: String? = nil) -> Int {
    let id = takeID()
    let p = params.map { #","params":\#($0)"# } ?? ""
    send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)"\#(p)}"#)
    return id
  }

  /// Sends a notification (no id, no answer).
  func notify(_ method: String, _ params: String? = nil) {
    let p = params.map { #","params":\#($0)"# } ?? ""
    send(#"{"jsonrpc":"2.0","method":"\#(method)"\#(p)}"#)
  }

  /// Messages up to and including the response to `id`; returns (notifications before it, response).
  func response(to id: Int) -> (notifications: [JSONValue], response: JSONValue) {
    var notes: [JSONValue] = []
    while let message = next() {
      if message["id"] == .number(Double(id)) { return (notes, message) }
      notes.append(message)
    }
    XCTFail("no response to request \(id)")
    return (notes, .null)
  }

  /// Sends a request and returns its result (failing the test on an error response).
  @discardableResult
  func call(_ method: String, _ params: String? = nil, file: StaticString = #filePath, line: UInt = #line)
    -> JSONValue
  {
    let (_, response) = response(to: request(method, params))
    if let error = response["error"] { XCTFail("\(method) failed: \(error)", file: file, line: line) }
    return response["result"] ?? .null
  }

  /// Sends a request expecting an error; returns the error object.
  func error(_ method: String, _ params: String? = nil, file: StaticString = #filePath, line: UInt = #line)
    -> JSONValue
  {
    let (_, response) = response(to: request(method, params))
    guard let error = response["error"] else {
      XCTFail("\(method) succeeded: \(response)", file: file, line: line)
      return .null
    }
    return error
  }

  /// Sends a typed request (the generated client's, from the methods' declarations) and
  /// returns its id.
  @discardableResult
  func request<Request: GalleryRequest>(_ request: Request) -> Int {
    self.request(Request.method, Self.text(request))
  }

  /// Sends a typed request and returns its result (failing the test on an error response).
  @discardableResult
  func call<Request: GalleryRequest>(
    _ request: Request, file: StaticString = #filePath, line: UInt = #line
  ) -> JSONValue {
    call(Request.method, Self.text(request), file: file, line: line)
  }

  /// Sends a typed request expecting an error; returns the error object.
  func error<Request: GalleryRequest>(
    _ request: Request, file: StaticString = #filePath, line: UInt = #line
  ) -> JSONValue {
    error(Request.method, Self.text(request), file: file, line: line)
  }

  /// A typed request's params as they go on the wire (none when it has none).
  static func text<Request: GalleryRequest>(_ request: Request) -> String? {
    request.params.isEmpty ? nil : String(decoding: JSONWriter.bytes(.object(request.params)), as: UTF8.self)
  }

  func initialize() -> JSONValue { call("initialize", #"{"clientInfo":{"name":"tests"}}"#) }

  /// Signs in to the demo backend (test@mail.com / 123456); its effects may still be running.
  func signInToDemo() {
    call("auth/setEmail", #"{"value":"test@mail.com"}"#)
    call("auth/setPassword", #"{"value":"123456"}"#)
    call("auth/submitLogin")
  }
}
