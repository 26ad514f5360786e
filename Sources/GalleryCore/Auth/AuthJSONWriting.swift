import JSON

/// The keystroke events write their own data (see `JSONWritable`): one per character typed.
extension AuthEvents.FieldEdited: JSONWritable {
  public func write(to out: inout [UInt8]) {
    JSONWriter.raw(#"{"field":"#, to: &out)
    JSONWriter.writeRawValue(field, to: &out)
    JSONWriter.raw(#","form":"#, to: &out)
    JSONWriter.writeRawValue(form, to: &out)
    JSONWriter.raw(#","value":"#, to: &out)
    JSONWriter.writeString(value, to: &out)
    JSONWriter.raw("}", to: &out)
  }
}

extension AuthEvents.PasswordEdited: JSONWritable {
  public func write(to out: inout [UInt8]) {
    JSONWriter.raw(#"{"form":"#, to: &out)
    JSONWriter.writeRawValue(form, to: &out)
    JSONWriter.raw(#","length":"#, to: &out)
    JSONWriter.writeInteger(Int64(length), to: &out)
    JSONWriter.raw("}", to: &out)
  }
}
