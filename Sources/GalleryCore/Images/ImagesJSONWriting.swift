import JSON

/// The images' most frequent events write their own data (see `JSONWritable`).
extension ImagesEvents.ImageLoaded: JSONWritable {
  public func write(to out: inout [UInt8]) {
    JSONWriter.raw(#"{"key":"#, to: &out)
    JSONWriter.writeString(key, to: &out)
    JSONWriter.raw(#","path":"#, to: &out)
    JSONWriter.writeString(path, to: &out)
    JSONWriter.raw(#","target":"#, to: &out)
    JSONWriter.writeRawValue(target, to: &out)
    JSONWriter.raw("}", to: &out)
  }
}

extension ImagesEvents.ImagesRequested: JSONWritable {
  public func write(to out: inout [UInt8]) {
    JSONWriter.raw(#"{"keys":["#, to: &out)
    for (i, key) in keys.enumerated() {
      if i > 0 { JSONWriter.raw(",", to: &out) }
      JSONWriter.writeString(key, to: &out)
    }
    JSONWriter.raw(#"],"target":"#, to: &out)
    JSONWriter.writeRawValue(target, to: &out)
    JSONWriter.raw("}", to: &out)
  }
}
