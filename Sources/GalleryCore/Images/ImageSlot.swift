/// Where one feature shows images of one target, found by key prefix. Features register
/// their slots (`ShowsImages.imageSlots`); the Images module serves every slot the same
/// way (prefetch, cancel, retry, download, eviction) and knows no feature's state.
struct ImageSlot: Sendable {
  /// Keys that begin with this belong here; nil: keys no other slot claims (the feed's
  /// `provider:id`).
  let prefix: String?
  let target: ImageTarget
  /// The image of `key`, if the state shows one.
  let image: @Sendable (AppState, String) -> ImageState?
  /// The URL to download for `key` (nil: not known yet).
  let url: @Sendable (AppState, String) -> String?
  /// Applies a change to the images of `keys`; `wanted` tells the same keys apart quickly.
  let update: @Sendable (inout AppState, ImageKeys, (String) -> Bool, (inout ImageState) -> Void) -> Void
  /// The keys of every image it shows with `status`.
  let keys: @Sendable (AppState, ImageState.Status) -> [String]
  /// The effect that finds a key's URL when the state has none yet (an album's preview).
  var locate: (@Sendable (String) -> Effect?)? = nil
}

/// The images an update names: one (a thumbnail's result: no list is made for it), a list
/// (a page's), or every image a slot shows.
enum ImageKeys: Sendable {
  case one(String)
  case list([String])
  case every
}
