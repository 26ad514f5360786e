import GalleryCore
import JSON

/// An action's answer, written straight from its outcome as `JSONWriter` would write the
/// object `{"events": [{"seq", "type"}…], "version"}` merged with the method's own members
/// (`MethodSpec`'s `answer`): keys sorted, the method's members winning a clash, no tree.
enum ActionResult {
  static func bytes(_ outcome: Store.Outcome, extra: [String: JSONValue]) -> [UInt8] {
    var out = JSONOutput(capacity: 40 + outcome.events.count * 48)
    write(outcome, extra: extra, to: &out)
    return out.bytes
  }

  /// Appends `bytes(outcome, extra:)` to `out`.
  private static func write(_ outcome: Store.Outcome, extra: [String: JSONValue], to out: inout JSONOutput) {
    // Most methods add nothing (a keystroke): the two members, with no list sorted for them.
    if extra.isEmpty {
      JSONWriter.raw(#"{"events":"#, to: &out)
      writeEvents(outcome, to: &out)
      JSONWriter.raw(#","version":"#, to: &out)
      JSONWriter.writeInteger(Int64(clamping: outcome.version), to: &out)
      out.append(UInt8(ascii: "}"))
      return
    }
    out.append(UInt8(ascii: "{"))
    let extra = extra.sorted { $0.key < $1.key }
    var next = extra.startIndex
    var first = true
    func comma() {
      if !first { out.append(UInt8(ascii: ",")) }
      first = false
    }
    /// The method's members that sort before `key` (all that are left, for nil).
    func extras(before key: String?) {
      while next < extra.endIndex, key.map({ extra[next].key < $0 }) ?? true {
        comma()
        JSONWriter.writeString(extra[next].key, to: &out)
        out.append(UInt8(ascii: ":"))
        JSONWriter.write(extra[next].value, to: &out)
        next += 1
      }
    }
    extras(before: "events")
    if next == extra.endIndex || extra[next].key != "events" {
      comma()
      JSONWriter.raw(#""events":"#, to: &out)
      writeEvents(outcome, to: &out)
    }
    extras(before: "version")
    if next == extra.endIndex || extra[next].key != "version" {
      comma()
      JSONWriter.raw(#""version":"#, to: &out)
      JSONWriter.writeInteger(Int64(clamping: outcome.version), to: &out)
    }
    extras(before: nil)
    out.append(UInt8(ascii: "}"))
  }

  /// `[{"seq":…,"type":…}…]` for the events recorded.
  private static func writeEvents(_ outcome: Store.Outcome, to out: inout JSONOutput) {
    out.append(UInt8(ascii: "["))
    for i in outcome.events.indices {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      JSONWriter.raw(#"{"seq":"#, to: &out)
      JSONWriter.writeInteger(Int64(clamping: outcome.events[i].seq), to: &out)
      JSONWriter.raw(#","type":"#, to: &out)
      JSONWriter.writeString(outcome.events[i].type, to: &out)
      out.append(UInt8(ascii: "}"))
    }
    out.append(UInt8(ascii: "]"))
  }
}
