import GalleryCore

/// Images on every screen: prefetch, cancel and retry by key (the `feed/*` names they had
/// first stay as aliases).
enum ImagesContract: FeatureContract {
  /// The methods under their own names.
  static let imageMethods: [MethodSpec] = [
    .action(
      "images/prefetch",
      "Starts thumbnail downloads for images about to show, on any screen (feed rows `provider:id`, album previews `album:ID`, album photos `photo:ID`, account images `account:ID`; at most 4 at once; cached ones load at once). `unknown` lists the keys no screen shows.",
      .strings("keys", "image keys; already requested ones are skipped"), answering: ImageKeysAnswer.self
    ) { _, keys in ActionCall(.images(.prefetch(keys)), answer: ImageKeysAnswer.unknown(keys)) }
    .example(["keys": .states(["/feed/items/0/key", "/feed/items/1/key"])]),
    .action(
      "images/cancel",
      "Cancels thumbnail downloads for images that left the screen. `unknown` lists the keys no screen shows.",
      .strings("keys", "image keys; only loading thumbnails are affected"), answering: ImageKeysAnswer.self
    ) { _, keys in ActionCall(.images(.cancelPrefetch(keys)), answer: ImageKeysAnswer.unknown(keys)) }
    .example(
      ["keys": .states(["/feed/items/4/key", "/feed/items/5/key"])],
      before: [.unsettled("images/prefetch", ["keys": .states(["/feed/items/4/key", "/feed/items/5/key"])])]),
    .action(
      "images/retry",
      "Retries a failed image: its thumbnail, and the large image of the open photo if that one failed (a key no screen shows is refused with feed.unknownKey; a failure retrying cannot help, whose message offers no retry, with feed.imageNotRetryable).",
      .string("key", "the image key"),
      refuses: ["feed.unknownKey", "feed.imageNotFailed", "feed.imageNotRetryable"]
    ) { key in .images(.retry(key)) }
    .example(
      ["key": .state("/feed/items/2/key")],
      before: [.call("images/prefetch", ["keys": .states(["/feed/items/2/key"])])]),
  ]

  static let methods: [MethodSpec] =
    imageMethods
    + zip(["feed/prefetch", "feed/cancelPrefetch", "feed/retryImage"], imageMethods).map { name, spec in
      var alias = spec
      alias.name = name
      alias.summary = "The same as \(spec.name) (its first name, kept)."
      return alias
    }

  /// What prefetch and cancel add: `unknown`, the keys asked for that no screen shows.
  struct ImageKeysAnswer: Codable, Sendable {
    var unknown: [String]

    /// The answer for `keys`, in the order asked.
    static func unknown(_ keys: [String]) -> @Sendable (Store.Outcome, AppState) -> ImageKeysAnswer? {
      { _, state in ImageKeysAnswer(unknown: keys.filter { !state.showsImage($0) }) }
    }
  }
}
