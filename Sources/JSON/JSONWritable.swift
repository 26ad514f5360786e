/// A type that writes its own JSON (compact, keys sorted), byte for byte what
/// `JSONValueEncoder` writes for it: the events a session records by the thousand (a
/// keystroke, a thumbnail), which then skip the `Encodable` containers, a node per object and
/// a box per member. `JSONWritableTests` holds each writer equal to the encoder.
public protocol JSONWritable {
  /// Appends the value's JSON to `out`.
  func write(to out: inout JSONOutput)
}

extension JSONWriter {
  /// A string enum's raw value as a JSON string, as its `Encodable` conformance writes it.
  @inlinable
  public static func writeRawValue<T: RawRepresentable<String>>(_ value: T, to out: inout JSONOutput) {
    writeString(value.rawValue, to: &out)
  }
}
