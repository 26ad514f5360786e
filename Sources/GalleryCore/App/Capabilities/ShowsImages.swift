/// A feature that shows photos: where its images go (the Images module serves every slot the
/// same way) and how another feature may describe one of them to keep (`PhotoCard`).
protocol ShowsImages: FeatureModule {
  /// Where it shows images, by key prefix and target.
  static var imageSlots: [ImageSlot] { get }
  /// The lists it shows images in that are too long to render messages in as JSON on a
  /// language switch (thousands of rows): rendered typed instead (`LongList`).
  static var longLists: [LongList] { get }
  /// The photo it shows under `key` in `state`, described for another feature to keep (nil
  /// when `key` is not one of its keys, or it keeps no card for it).
  static func photoCard(forKey key: String, in state: AppState) -> PhotoCard?
}

extension FeatureModule {
  static var asShowsImages: (any ShowsImages.Type)? { nil }
}

extension ShowsImages {
  static var asShowsImages: (any ShowsImages.Type)? { self }
}
