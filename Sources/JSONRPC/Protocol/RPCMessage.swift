import JSON

/// A request id: a string, a number, or null (as JSON-RPC 2.0 allows), echoed back as received.
public enum RPCID: Equatable, Hashable, Sendable {
  case string(String)
  case number(Double)
  /// An integer id past ±2^53, kept exact so it comes back as sent.
  case integer(Int64)
  case null

  /// Reads an id; nil when the value is not a string, a number or null.
  public init?(json: JSONValue) {
    switch json {
    case .string(let s): self = .string(s)
    case .number(let n): self = .number(n)
    case .integer(let i): self = .integer(i)
    case .null: self = .null
    default: return nil
    }
  }

  public var json: JSONValue {
    switch self {
    case .string(let s): return .string(s)
    case .number(let n): return .number(n)
    case .integer(let i): return .integer(i)
    case .null: return .null
    }
  }
}

/// One incoming message, classified by the rules of JSON-RPC 2.0 section 4.
public enum RPCIncoming: Equatable, Sendable {
  /// A call that wants an answer.
  case request(id: RPCID, method: String, params: RPCParams?)
  /// A call that must never be answered.
  case notification(method: String, params: RPCParams?)
  /// Not a valid request; answered with this error (id null when it could not be read).
  case invalid(id: RPCID, error: RPCError)

  /// Classifies a parsed JSON value (one member of a batch, or a whole message).
  public init(_ value: JSONValue) {
    guard case .object(let members) = value else {
      self = .invalid(id: .null, error: .invalidRequest("a request must be a JSON object"))
      return
    }
    self.init(
      id: members["id"], jsonrpc: members["jsonrpc"], method: members["method"],
      params: members["params"].map(RPCParams.init))
  }

  /// Classifies a whole message from its text, reading only its envelope's members (no
  /// dictionary of the message is made); nil when the text is not one valid JSON object (a
  /// batch, or text `JSONParser.parse` must describe).
  public static func envelope(of bytes: [UInt8]) -> RPCIncoming? {
    guard let texts = JSONParser.memberTexts(envelopeMembers, of: bytes) else { return nil }
    // Each member read from its text: the usual `"2.0"` and a method name with no escape are
    // taken from their bytes; the params are kept as text (a method reads what it declares).
    func value(_ range: Range<Int>?) -> JSONValue? { range.flatMap { try? JSONParser.parse(bytes, in: $0) } }
    let jsonrpc = texts[1].map { Self.isPlain2_0(bytes, $0) ? .string("2.0") : value($0) } ?? nil
    let method = texts[2].map { Self.plainText(bytes, $0).map(JSONValue.string) ?? value($0) } ?? nil
    return RPCIncoming(
      id: value(texts[0]), jsonrpc: jsonrpc, method: method,
      params: texts[3].map { RPCParams(text: bytes, $0) })
  }

  /// The members `envelope` reads, in the order it takes them.
  private static let envelopeMembers: InlineArray<4, StaticString> = ["id", "jsonrpc", "method", "params"]

  /// Whether the text at `range` is exactly `"2.0"`.
  private static func isPlain2_0(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    let at = range.lowerBound
    return range.count == 5 && bytes[at] == UInt8(ascii: "\"") && bytes[at + 1] == UInt8(ascii: "2")
      && bytes[at + 2] == UInt8(ascii: ".") && bytes[at + 3] == UInt8(ascii: "0")
      && bytes[at + 4] == UInt8(ascii: "\"")
  }

  /// The string whose text stands at `range` when it holds no escape (checked UTF-8), else nil.
  private static func plainText(_ bytes: [UInt8], _ range: Range<Int>) -> String? {
    guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "\"") else { return nil }
    let content = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
    guard !content.contains(UInt8(ascii: "\\")) else { return nil }
    return String(decoding: content, as: UTF8.self)
  }

  /// Classifies a message by its envelope's members (nil: absent).
  init(id raw: JSONValue?, jsonrpc: JSONValue?, method: JSONValue?, params: RPCParams?) {
    var id: RPCID? = nil
    if let raw {
      guard let read = RPCID(json: raw) else {
        self = .invalid(id: .null, error: .invalidRequest("\"id\" must be a string, a number or null"))
        return
      }
      // An id comes back digit for digit or not at all: integers within 64 bits are kept
      // exact; a fraction, or an integer past 64 bits, would come back altered.
      if case .number(let n) = read, n.rounded() != n || abs(n) >= 9_007_199_254_740_992 {
        self = .invalid(
          id: .null,
          error: .invalidRequest(
            "\"id\" must be an integer within 64 bits or a string (it is echoed as sent)"))
        return
      }
      id = read
    }
    guard jsonrpc == .string("2.0") else {
      self = .invalid(id: id ?? .null, error: .invalidRequest("\"jsonrpc\" must be exactly \"2.0\""))
      return
    }
    guard case .string(let method)? = method else {
      self = .invalid(id: id ?? .null, error: .invalidRequest("\"method\" must be a string"))
      return
    }
    // `"params": null` means omitted (pygls and Eglot send it on every call without params).
    let params = params?.kind == .null ? nil : params
    switch params?.kind {
    case nil, .object?, .array?: break
    default:
      self = .invalid(id: id ?? .null, error: .invalidRequest("\"params\" must be an object or an array"))
      return
    }
    if let id {
      self = .request(id: id, method: method, params: params)
    } else {
      self = .notification(method: method, params: params)
    }
  }
}

/// Builds the messages the server sends.
public enum RPCOutgoing {
  public static func result(_ id: RPCID, _ result: JSONValue) -> JSONValue {
    .object(["jsonrpc": .string("2.0"), "id": id.json, "result": result])
  }

  public static func error(_ id: RPCID, _ error: RPCError) -> JSONValue {
    .object(["jsonrpc": .string("2.0"), "id": id.json, "error": error.json])
  }

  public static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
    .object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params])
  }

  /// The bytes of `result(id, r)` for `r` already written as JSON (`JSONWriter`'s bytes of it).
  public static func result(_ id: RPCID, encoded result: [UInt8]) -> [UInt8] {
    JSONOutput.bytes(capacity: result.count + 40) { writeResult(id, encoded: result, to: &$0) }
  }

  /// Appends the bytes of `result(id, encoded: result)` to `out`.
  public static func writeResult(_ id: RPCID, encoded result: [UInt8], to out: inout JSONOutput) {
    JSONWriter.raw(#"{"id":"#, to: &out)
    switch id {
    case .number(let n) where n.rounded() == n && abs(n) < 9_007_199_254_740_992:
      // A whole-number id, the usual one: written as `JSONWriter` writes it, with no value made.
      JSONWriter.writeInteger(Int64(n), to: &out)
    default: JSONWriter.write(id.json, to: &out)
    }
    JSONWriter.raw(#","jsonrpc":"2.0","result":"#, to: &out)
    out.append(contentsOf: result)
    out.append(UInt8(ascii: "}"))
  }

  /// The bytes of `notification(method, p)` for `p` already written as JSON.
  public static func notification(_ method: String, encoded params: [UInt8]) -> [UInt8] {
    notification(method, capacity: params.count) { $0.append(contentsOf: params) }
  }

  /// The bytes of `notification(method, p)`, `p` written by `params` in place (about
  /// `capacity` bytes): one buffer for the whole message, no copy of the params into it.
  public static func notification(
    _ method: String, capacity: Int, params: (inout JSONOutput) -> Void
  ) -> [UInt8] {
    JSONOutput.bytes(capacity: capacity + method.utf8.count + 40) { out in
      JSONWriter.raw(#"{"jsonrpc":"2.0","method":"#, to: &out)
      JSONWriter.writeString(method, to: &out)
      JSONWriter.raw(#","params":"#, to: &out)
      params(&out)
      out.append(UInt8(ascii: "}"))
    }
  }
}
