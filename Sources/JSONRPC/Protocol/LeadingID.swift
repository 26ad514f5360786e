import JSON

/// The `id` of a message too large to read, found in its first bytes (`FrameDecoder`'s
/// `tooLarge` keeps them): the top-level member `id` when it comes before the head ends (a writer
/// that sorts members, or puts `jsonrpc` and `id` first, always does). So a message past the size
/// bound is still answered to its sender's id, and a sender waiting on it is freed, instead of an
/// answer to no one.
public enum LeadingID {
  /// The id in `head`, or nil when it is not in there (or not an object's member).
  public static func find(in head: [UInt8]) -> RPCID? { find(in: head[...]) }

  /// The id in `head`, or nil when it is not in there (or not an object's member).
  static func find(in head: ArraySlice<UInt8>) -> RPCID? {
    var i = head.startIndex
    let end = head.endIndex
    func skipSpace() { while i < end, [0x20, 0x09, 0x0A, 0x0D].contains(head[i]) { i += 1 } }
    /// Moves past one string (at its opening quote); false when the head ends inside it.
    func skipString() -> Bool {
      i += 1
      while i < end {
        if head[i] == UInt8(ascii: "\\") {
          i += 2
          continue
        }
        if head[i] == UInt8(ascii: "\"") {
          i += 1
          return true
        }
        i += 1
      }
      return false
    }
    /// Moves past one value; false when the head ends inside it.
    func skipValue() -> Bool {
      guard i < end else { return false }
      switch head[i] {
      case UInt8(ascii: "\""): return skipString()
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        var depth = 0
        while i < end {
          switch head[i] {
          case UInt8(ascii: "\""):
            if !skipString() { return false }
            continue
          case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            if depth == 0 {
              i += 1
              return true
            }
          default: break
          }
          i += 1
        }
        return false
      default:
        while i < end, ![UInt8(ascii: ","), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D].contains(head[i]) {
          i += 1
        }
        return i < end
      }
    }
    skipSpace()
    guard i < end, head[i] == UInt8(ascii: "{") else { return nil }
    i += 1
    while true {
      skipSpace()
      guard i < end, head[i] == UInt8(ascii: "\"") else { return nil }
      let keyStart = i
      guard skipString() else { return nil }
      let key = head[keyStart..<i]
      skipSpace()
      guard i < end, head[i] == UInt8(ascii: ":") else { return nil }
      i += 1
      skipSpace()
      let valueStart = i
      guard skipValue() else { return nil }
      if key.elementsEqual(#""id""#.utf8) {
        guard let value = try? JSONParser.parse(Array(head[valueStart..<i])) else { return nil }
        return RPCID(json: value)
      }
      skipSpace()
      guard i < end, head[i] == UInt8(ascii: ",") else { return nil }
      i += 1
    }
  }
}
