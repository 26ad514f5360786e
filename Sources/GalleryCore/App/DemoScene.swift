/// A feature's part of `gallery-rpc demo`, the scripted walk through the product on the demo
/// providers: labelled actions, each printed with the events it recorded. Scenes run in the
/// order of `order` (spaced by tens, so a new feature's scene fits between two).
public struct DemoScene: Sendable {
  /// Where the scene comes in the walk.
  public let order: Int
  /// Its actions, each with the call a frontend would make (`feed/openDetail {"key":…}`).
  public let steps: [(label: String, action: Action)]

  public init(order: Int, _ steps: [(String, Action)]) {
    self.order = order
    self.steps = steps.map { (label: $0.0, action: $0.1) }
  }

  /// Every feature's scene, in walk order (`directory`: the walk's data directory).
  public static func walk(in directory: String) throws -> [DemoScene] {
    try GalleryModules.demonstrating.compactMap { try $0.demoScene(in: directory) }.sorted {
      $0.order < $1.order
    }
  }
}
