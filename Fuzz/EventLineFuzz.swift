// libFuzzer harness: the event-line decoder (EventStore) and the JSON scanner (JSON), on any bytes.
import JSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  _ = try? EventLine.decode(bytes)
  _ = EventLine.peekSeq(bytes)
  _ = try? EventLine.decode(bytes, checkingData: false)
  var scanner = JSONScanner(bytes)
  _ = try? scanner.skipValue()
  // Unchecked, a line reads as the same record wherever the checked read accepts it.
  if let checked = try? EventLine.decode(bytes) {
    precondition((try? EventLine.decode(bytes, checkingData: false)) == checked, "unchecked read differs")
  }
  // The writer's layout read by place (`WrittenEnvelope`) gives what the general reading gives.
  for checking in [true, false] {
    var memory = EnvelopeMemory()
    if let written = WrittenEnvelope.read(bytes, checkingData: checking, memory: &memory) {
      precondition(
        written == EventLine.readGenerally(bytes, checkingData: checking), "written layout differs")
    }
  }
  // A cursor keeps one memory across its lines (a type read before is taken by its bytes):
  // two bodies in one input, split at its first newline, read with one memory, each give what
  // the general reading gives.
  if let newline = bytes.firstIndex(of: 0x0A) {
    var memory = EnvelopeMemory()
    for body in [
      UnsafeRawBufferPointer(rebasing: bytes[..<newline]),
      UnsafeRawBufferPointer(rebasing: bytes[(newline + 1)...]),
    ] {
      let general = EventLine.readGenerally(body, checkingData: true)
      if let written = WrittenEnvelope.read(body, checkingData: true, memory: &memory) {
        precondition(written == general, "written layout differs after another line")
      } else {
        precondition(
          EventLine.readGenerally(body, checkingData: true, memory: &memory) == general,
          "memory changed a reading")
      }
    }
  }
  var strings = JSONScanner(bytes)
  _ = try? strings.readString()
  _ = ISOTime.parse(Array(bytes))
  return 0
}
