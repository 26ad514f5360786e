extension JSONWriter {
  /// `value` indented two spaces a level, keys sorted, one member or element a line: for
  /// people reading a state (a test's difference, a fixture), never for the wire or the log.
  public static func pretty(_ value: JSONValue) -> String {
    var out = JSONOutput()
    writePretty(value, depth: 0, to: &out)
    return out.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
  }

  private static func writePretty(_ value: JSONValue, depth: Int, to out: inout JSONOutput) {
    func newline(_ depth: Int) {
      out.append(UInt8(ascii: "\n"))
      for _ in 0..<(2 * depth) { out.append(UInt8(ascii: " ")) }
    }
    switch value {
    case .array(let items) where !items.isEmpty:
      out.append(UInt8(ascii: "["))
      for (n, item) in items.enumerated() {
        if n > 0 { out.append(UInt8(ascii: ",")) }
        newline(depth + 1)
        writePretty(item, depth: depth + 1, to: &out)
      }
      newline(depth)
      out.append(UInt8(ascii: "]"))
    case .object(let members) where !members.isEmpty:
      out.append(UInt8(ascii: "{"))
      for (n, (key, member)) in members.sorted(by: { $0.key < $1.key }).enumerated() {
        if n > 0 { out.append(UInt8(ascii: ",")) }
        newline(depth + 1)
        writeString(key, to: &out)
        out.append(": ")
        writePretty(member, depth: depth + 1, to: &out)
      }
      newline(depth)
      out.append(UInt8(ascii: "}"))
    default: write(value, to: &out)
    }
  }
}
