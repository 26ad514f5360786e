import GalleryCore

/// The usage text's lines about providers, derived from every feature's provider choice: a
/// flag per area, and the variables each service reads.
enum ProviderUsage {
  /// `--feed P    GALLERY_FEED    demo (default), pixabay, pexels`, one line per area.
  static var flags: String {
    ProviderChoices.all.map { choice in
      let names = ["\(choice.names[0]) (default)"] + choice.names.dropFirst()
      return "  " + padded(choice.flag + " P", 24) + padded(choice.variable, 20)
        + names.joined(separator: ", ")
    }
    .joined(separator: "\n")
  }

  /// `keys and URLs (keys are never logged): REQRES_API_KEY, REQRES_BASE_URL, …`, wrapped.
  static var variables: String {
    let names = ProviderChoices.services.flatMap { $0.keys.map(\.variable) + [$0.baseURLVariable] }
    var lines = ["keys and URLs (keys are never logged):"]
    for (i, name) in names.enumerated() {
      let word = name + (i == names.count - 1 ? "" : ",")
      if lines[lines.count - 1].count + 1 + word.count > 108 { lines.append("") }
      lines[lines.count - 1] += (lines[lines.count - 1].isEmpty ? "" : " ") + word
    }
    return lines.joined(separator: "\n  ")
  }

  private static func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}
