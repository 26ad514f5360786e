/// Replay's fast paths for the images (see `JSONReadable`): a thumbnail's result is the most
/// frequent event of a session's log (20 a page).
extension ImagesEvents.ImageLoaded: JSONReadable {
  public static func read(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    var key: String?
    var target: ImageTarget?
    var path: String?
    // The writer's order (sorted), each expected where it stands.
    let written: [StaticString] = ["key", "path", "target"]
    var next = 0
    try r.enterObject()
    while let name = try next < written.count ? r.nextMember(expecting: written[next]) : r.nextMember() {
      next += 1
      switch name {
      case "key": try r.string(into: &key)
      case "path": try r.string(into: &path)
      case "target": try r.value(into: &target)
      default: try r.skip()
      }
    }
    guard let key, let target, let path else { throw JSONReader.Unusual() }
    return Self(key: key, target: target, path: path)
  }
}

/// Thumbnails asked for (one per page shown).
extension ImagesEvents.ImagesRequested: JSONReadable {
  public static func read(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    var keys: [String]?
    var target: ImageTarget?
    try r.enterObject()
    while let name = try r.nextMember() {
      switch name {
      case "keys":
        guard keys == nil else { throw JSONReader.Unusual() }
        var list: [String] = []
        try r.enterArray()
        while try r.nextElement() { list.append(try r.string()) }
        keys = list
      case "target": try r.value(into: &target)
      default: try r.skip()
      }
    }
    guard let keys, let target else { throw JSONReader.Unusual() }
    return Self(keys: keys, target: target)
  }
}
