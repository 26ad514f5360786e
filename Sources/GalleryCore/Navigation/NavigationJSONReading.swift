/// Replay's fast path for a screen popped (see `JSONReadable`): a session records one each
/// time a photo's detail closes.
extension NavigationEvents.WentBack: JSONReadable {
  public static func read(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    try r.read(written: readWritten, members: readMembers)
  }

  /// Each declared screen's name, in `Route.Screen.all`'s order, to match a text against.
  private static let screenNames = Route.Screen.all.map(\.rawValue)

  /// The writer's layout: `{"from":…}`.
  private static func readWritten(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    try r.open(UInt8(ascii: "{"))
    try r.expectMember(#""from":"#)
    let from = Route.Screen.all[try r.plainIndex(in: screenNames)]
    guard r.close(UInt8(ascii: "}")) else { throw JSONReader.Unusual() }
    return Self(from: from)
  }

  private static func readMembers(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    var from: Route.Screen?
    try r.enterObject()
    while let name = try r.nextMember() {
      switch name {
      case "from":
        guard from == nil else { throw JSONReader.Unusual() }
        from = try Route.Screen(rawValue: r.string()).orUnusual()
      default: try r.skip()
      }
    }
    guard let from else { throw JSONReader.Unusual() }
    return Self(from: from)
  }
}
