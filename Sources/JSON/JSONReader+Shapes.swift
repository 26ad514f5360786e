/// What the generated readers (Tools/shapes/generate.py) need beyond the hand-written ones:
/// a case read with no slot, and a member of a type with no reader of its own, read through
/// the general decoder from its own bytes.
extension JSONReader {
  /// The case of `T` the string that comes next spells, matched byte for byte against the
  /// raw values (an escaped text is unescaped first); `Unusual` for none.
  @inlinable
  public mutating func caseValue<T: RawRepresentable<String> & CaseIterable>(_ type: T.Type) throws(Unusual)
    -> T
  {
    let span = try stringSpan()
    return span.escaped
      ? try T(rawValue: text(span)).orUnusual() : try Self.match(span, in: s.bytes, as: T.self)
  }

  /// The value that comes next, of a type with no reader of its own: passed as the tape
  /// would pass it, then decoded from its own bytes by `JSONTapeDecoder` (which applies the
  /// type's own declared defaults). Anything it refuses is `Unusual`, so the whole text is
  /// then decoded the general way, which names the problem.
  public mutating func decoded<T: Decodable>(_ type: T.Type) throws(Unusual) -> T {
    _ = significant()
    let start = s.index
    try skip()
    let bytes = Array(UnsafeRawBufferPointer(rebasing: s.bytes[start..<s.index]))
    do {
      return try JSONTapeDecoder().decode(T.self, from: bytes)
    } catch {
      throw Unusual()
    }
  }
}

extension JSONWriter {
  /// Appends `value` as `JSONValueEncoder` writes it, for a generated writer whose member has
  /// no writer of its own; false (with `out` as it was) where the encoder refuses it.
  public static func writeEncoded<T: Encodable>(_ value: T, to out: inout JSONOutput) -> Bool {
    guard let bytes = try? JSONValueEncoder().encodeBytes(value) else { return false }
    out.append(contentsOf: bytes)
    return true
  }

  /// Appends `true` or `false`.
  @inlinable
  public static func writeBool(_ value: Bool, to out: inout JSONOutput) {
    raw(value ? "true" : "false", to: &out)
  }
}
