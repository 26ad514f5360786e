// libFuzzer harness: the event-line decoder and the JSON scanner (EventStore), on any bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  _ = try? EventLine.decode(bytes)
  _ = EventLine.peekSeq(bytes)
  var scanner = JSONScanner(bytes)
  _ = try? scanner.skipValue()
  var strings = JSONScanner(bytes)
  _ = try? strings.readString()
  _ = ISOTime.parse(Array(bytes))
  return 0
}
