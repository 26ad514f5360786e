// libFuzzer harness: the JSON-RPC frame decoder (RPCServer), in both framings, fed in two
// pieces split at a point the input chooses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrames(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
  for choice in [FramingChoice.auto, .lsp, .ndjson] {
    var decoder = FrameDecoder(choice: choice, maxMessageBytes: 4096)
    _ = decoder.feed(bytes[..<split])
    _ = decoder.feed(bytes[split...])
    _ = decoder.finish()
  }
  return 0
}
