/// Replay's fast paths for the images (see `JSONReadable`): a thumbnail's result is the most
/// frequent event of a session's log (20 a page).
extension ImagesEvents.ImageLoaded: JSONReadable {
  public static func read(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    try r.read(written: readWritten, members: readMembers)
  }

  /// The writer's layout: `{"key":…,"path":…,"target":…}`.
  private static func readWritten(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    try r.open(UInt8(ascii: "{"))
    try r.expectMember(#""key":"#)
    let key = try r.plainText()
    try r.expectMember(#""path":"#)
    let path = try r.plainText()
    try r.expectMember(#""target":"#)
    let target = try r.plainCase(ImageTarget.self)
    guard r.close(UInt8(ascii: "}")) else { throw JSONReader.Unusual() }
    return Self(key: key, target: target, path: path)
  }

  private static func readMembers(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    var key: String?
    var target: ImageTarget?
    var path: String?
    try r.enterObject()
    while let name = try r.nextMember() {
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
    try r.read(written: readWritten, members: readMembers)
  }

  /// The writer's layout: `{"keys":[…],"target":…}`.
  private static func readWritten(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    try r.open(UInt8(ascii: "{"))
    try r.expectMember(#""keys":"#)
    try r.open(UInt8(ascii: "["))
    var keys: [String] = []
    if !r.close(UInt8(ascii: "]")) {
      repeat { keys.append(try r.plainText()) } while r.comma()
      guard r.close(UInt8(ascii: "]")) else { throw JSONReader.Unusual() }
    }
    try r.expectMember(#""target":"#)
    let target = try r.plainCase(ImageTarget.self)
    guard r.close(UInt8(ascii: "}")) else { throw JSONReader.Unusual() }
    return Self(keys: keys, target: target)
  }

  private static func readMembers(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
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
