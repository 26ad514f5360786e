/// An area whose provider requests report what they observed, as it appears under
/// `/unreachable` and `/rateLimited`. Each feature that has one declares it in its folder
/// (beside its `ProviderChoice`) and names it in its module (`providerArea`); the list and its
/// order are derived from the modules.
public struct ProviderArea: DeclaredName {
  public let rawValue: String
  /// Its place in the list (the published schema's, and the order waits resume in): tens,
  /// so a new area fits between two.
  let order: Int

  /// Declares the area named `rawValue` (a feature's static member in its folder).
  init(declaring rawValue: String, order: Int) {
    self.rawValue = rawValue
    self.order = order
  }

  /// The declared area named `rawValue`, or nil.
  public init?(rawValue: String) {
    guard let declared = Self.declared.first(where: { $0.rawValue == rawValue }) else { return nil }
    self = declared
  }

  /// Every area, in order.
  public static let declared: [ProviderArea] = GalleryModules.withProviders.flatMap {
    [$0.providerArea] + $0.limitAreas
  }.sorted {
    $0.order < $1.order
  }
  public static var allCases: [ProviderArea] { declared }
}
