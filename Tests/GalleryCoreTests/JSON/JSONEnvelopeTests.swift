import JSON
import JSONRPC
import XCTest

/// A message's envelope is read without a dictionary of the message: it must accept exactly
/// the texts `JSONParser.parse` accepts as an object, and read each member as it does.
final class JSONEnvelopeTests: XCTestCase {
  let names: InlineArray<4, StaticString> = ["id", "jsonrpc", "method", "params"]

  func texts() -> [String] {
    let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
    return [
      #"{"jsonrpc":"2.0","id":1,"method":"auth/setEmail","params":{"value":"a@b.co"}}"#,
      #"  {"id":"x","method":"m","jsonrpc":"2.0"}  "#,
      #"{}"#, #"{"a":1}"#, #"[]"#, #"[{"id":1}]"#, #""text""#, #"12"#, #"null"#,
      #"{"id":1,"id":2,"method":"first counts"}"#,
      #"{"id":9007199254740993,"method":"m","params":null}"#,
      #"{"other":{"deep":[1,2,{"x":null}]},"method":"m"}"#,
      #"{"other":1e999,"method":"m"}"#,  // a number out of range in a member no one reads
      "{\"other\":" + deep + ",\"method\":\"m\"}",  // nesting past the bound
      #"{"method":"m"} x"#, #"{"method":"m""#, #"{"method" "m"}"#, #"{"method":"m",}"#,
      #"{"\u006dethod":"escaped name","id":1,"jsonrpc":"2.0","params":{}}"#,
      #"{"method":"\u00e9\ud83d\ude00"}"#, #"{"method":"bad \u12"}"#, "{\"method\":\"\u{1}\"}",
      // Read from their bytes: the version and the method, escaped or not; the params as text.
      #"{"jsonrpc":"2\u002e0","id":2,"method":"a\/b","params":[1]}"#,
      #"{"jsonrpc":"2.0 ","id":-0,"method":"m"}"#, #"{"jsonrpc":2.0,"id":[],"method":7}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":1e999}}"#,  // out of range inside the params
      #"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":"\ud800"}}"#,  // a lone surrogate inside them
      "{\"jsonrpc\":\"2.0\",\"method\":\"m\",\"params\":" + deep + "}",
      #"{"jsonrpc":"2.0","id":1,"method":"m","params":"text"}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"m","params":{"v":"a","v":"b","\u0076":"c"},"params":{}}"#,
    ]
  }

  func testTheEnvelopeAcceptsWhatTheParserAcceptsAndReadsTheSameMembers() {
    for text in texts() {
      let bytes = Array(text.utf8)
      let parsed = try? JSONParser.parse(bytes)
      let texts = JSONParser.memberTexts(names, of: bytes)
      guard case .object(let members)? = parsed else {
        XCTAssertNil(texts, "\(text.prefix(80)): the parser refuses it or it is no object")
        continue
      }
      let read = texts.map { found in
        names.indices.map { i in found[i].map { try! JSONParser.parse(bytes, in: $0) } }
      }
      XCTAssertEqual(read, names.indices.map { members[names[$0].description] }, "\(text.prefix(80))")
      XCTAssertEqual(RPCIncoming.envelope(of: bytes), RPCIncoming(.object(members)), "\(text.prefix(80))")
    }
  }
}
