/// Resolves a JSON Pointer into the state as clients see it (`AppState.view`: bookkeeping
/// left out) without encoding all of it: only the top-level
/// part it names (or less, where the part can narrow the pointer) is encoded, then the rest of the pointer
/// is resolved in that part. Answers exactly what `JSONPointer.resolve` over the whole
/// encoded state does (a test holds them equal); a `state/get` for `/feed/page` with 100,000
/// photos in the feed no longer encodes 100,000 photos.
extension AppState {
  public func value(at pointer: String) throws -> JSONValue {
    let tokens = try JSONPointer.tokens(pointer)
    guard let first = tokens.first, let part = Self.partsByName[first] else {
      return try JSONPointer.resolve(pointer, in: try AppState.view(self))
    }
    var rest = tokens.dropFirst()
    let value: JSONValue
    if let (narrowed, used) = try part.narrow(self, rest) {
      value = narrowed
      rest = rest.dropFirst(used)
    } else {
      value = try part.view(self)
    }
    do {
      return try JSONPointer.resolve(rest.map { "/" + JSONPointer.escape($0) }.joined(), in: value)
    } catch {
      // Report the failure for the whole pointer, as a resolution over the whole state would.
      return try JSONPointer.resolve(pointer, in: try AppState.view(self))
    }
  }

  private static let partsByName: [String: StatePart] = Dictionary(
    uniqueKeysWithValues: parts.map { ($0.name, $0) })
}
