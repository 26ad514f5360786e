/// The search a typed text asks for: the same for every provider, so what is sent and what
/// `/feed/activeQuery` shows agree. Spaces (and tabs and line ends) at either end are dropped
/// and each run of them inside becomes one space: "  red   fox " searches "red fox", and
/// "   " is no search at all (the provider's default list).
enum SearchQuery {
  static func normalized(_ typed: String) -> String {
    var words: [Substring] = []
    var rest = Substring(typed)
    while let start = rest.firstIndex(where: { !$0.isWhitespace }) {
      rest = rest[start...]
      let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
      words.append(rest[..<end])
      rest = rest[end...]
    }
    return words.joined(separator: " ")
  }
}
