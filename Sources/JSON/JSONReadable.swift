/// A type that reads itself straight off a JSON text in one pass (`JSONReader`): the values
/// replay decodes by the million (a thumbnail's event, a keystroke, a page of 20 photos).
///
/// `read` takes the regular case only and throws `Unusual` for anything else (a missing,
/// repeated or escaped member, a value of another type); the Codable path then decodes the
/// text and names the problem. So what it returns is always what `init(from:)` gives (held
/// equal, variant by variant, by `JSONReadableTests`).
public protocol JSONReadable: Sendable {
  /// Reads the value that comes next in `reader`, leaving the reader after it.
  static func read(from reader: inout JSONReader) throws(JSONReader.Unusual) -> Self
}

extension JSONReadable {
  /// The value `bytes` holds whole (nothing but whitespace after it), as a `T` that is `Self`:
  /// called through `any JSONReadable.Type` by code generic over `T`, so no cast and no
  /// optional of `T` is made on the way (each costs the runtime hundreds of instructions).
  public static func read<T>(whole bytes: UnsafeRawBufferPointer, as type: T.Type) throws(JSONReader.Unusual)
    -> T
  {
    precondition(T.self == Self.self, "read(whole:as:) is asked for the type it is called on")
    var reader = JSONReader(bytes)
    let value = try read(from: &reader)
    try reader.end()
    return unsafeBitCast(value, to: T.self)
  }

  /// The value at byte `index` of `bytes`, as a `T` that is `Self` (a value inside a larger
  /// text the tape has checked: a photo in a snapshot's feed).
  public static func read<T>(_ bytes: UnsafeRawBufferPointer, at index: Int, as type: T.Type)
    throws(JSONReader.Unusual) -> T
  {
    precondition(T.self == Self.self, "read(_:at:as:) is asked for the type it is called on")
    var reader = JSONReader(bytes, at: index)
    return unsafeBitCast(try read(from: &reader), to: T.self)
  }
}
