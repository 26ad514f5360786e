// libFuzzer harness: the event-line decoder and the JSON scanner (EventStore), on any bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  _ = try? EventLine.decode(bytes)
  _ = EventLine.peekSeq(bytes)
  _ = try? EventLine.decode(bytes, checkingData: false)
  var scanner = JSONScanner(bytes)
  // Where a container is well-formed, the unchecked skip must end exactly where the checked one does.
  if (try? scanner.skipValue()) != nil {
    var quick = JSONScanner(bytes)
    quick.skipWhitespace()
    if quick.peek == UInt8(ascii: "{") || quick.peek == UInt8(ascii: "[") {
      precondition((try? quick.skipContainerUnchecked()) != nil && quick.index == scanner.index)
    }
  } else {
    var quick = JSONScanner(bytes)
    _ = try? quick.skipContainerUnchecked()
  }
  var strings = JSONScanner(bytes)
  _ = try? strings.readString()
  _ = ISOTime.parse(Array(bytes))
  return 0
}
