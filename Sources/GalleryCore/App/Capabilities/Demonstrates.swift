/// A feature in `gallery-rpc demo`'s walk or served by the demo providers: its scene, and
/// the files its demo provider's `demo://` links name.
protocol Demonstrates: FeatureModule {
  /// Its scene of the walk on the demo providers, if it has one (`directory`: the walk's
  /// data directory, for a file to upload).
  static func demoScene(in directory: String) throws -> DemoScene?
  /// The files its demo provider's `demo://` links name (`DemoFileSource`).
  static var demoFiles: [DemoFileSource] { get }
}

extension FeatureModule {
  static var asDemonstrates: (any Demonstrates.Type)? { nil }
}

extension Demonstrates {
  static var asDemonstrates: (any Demonstrates.Type)? { self }
}
