import GalleryCore

/// Images on every screen: prefetch, cancel and retry by key (the `feed/*` names they had
/// first stay as aliases).
enum ImagesContract: FeatureContract {
  /// The methods under their own names.
  static let imageMethods: [MethodSpec] = [
    .action(
      "images/prefetch",
      "Starts thumbnail downloads for images about to show, on any screen (feed rows `provider:id`, album previews `album:ID`, album photos `photo:ID`, account images `account:ID`; at most 4 at once; cached ones load at once). `unknown` lists the keys no screen shows.",
      params: [
        .init("keys", Schema.array(Schema.string), "image keys; already requested ones are skipped")
      ],
      result: imageKeysResult, answer: unknownKeys
    ) { p throws(RPCError) in .images(.prefetch(try p.strings("keys"))) },
    .action(
      "images/cancel",
      "Cancels thumbnail downloads for images that left the screen. `unknown` lists the keys no screen shows.",
      params: [
        .init("keys", Schema.array(Schema.string), "image keys; only loading thumbnails are affected")
      ],
      result: imageKeysResult, answer: unknownKeys
    ) { p throws(RPCError) in .images(.cancelPrefetch(try p.strings("keys"))) },
    .action(
      "images/retry",
      "Retries a failed image: its thumbnail, and the large image of the open photo if that one failed (a key no screen shows is refused with feed.unknownKey).",
      params: [.init("key", Schema.string, "the image key")]
    ) { p throws(RPCError) in .images(.retry(try p.string("key"))) },
  ]

  static let methods: [MethodSpec] =
    imageMethods
    + zip(["feed/prefetch", "feed/cancelPrefetch", "feed/retryImage"], imageMethods).map { name, spec in
      var alias = spec
      alias.name = name
      alias.summary = "The same as \(spec.name) (its first name, kept)."
      return alias
    }

  /// The message codes each method's -32010 can carry (`x-rejection-codes`).
  static let refusals: [String: [String]] = [
    "images/prefetch": [],
    "images/cancel": [],
    "images/retry": ["feed.unknownKey", "feed.imageNotFailed"],
    "feed/prefetch": [],
    "feed/cancelPrefetch": [],
    "feed/retryImage": ["feed.unknownKey", "feed.imageNotFailed"],
  ]

  /// An action's result plus `unknown`: the keys asked for that no screen shows.
  static let imageKeysResult = Schema.object([
    "version": Schema.integer(minimum: 0),
    "events": Schema.array(Schema.object(["seq": Schema.integer(minimum: 1), "type": Schema.string])),
    "unknown": Schema.array(Schema.string),
  ])

  /// The `keys` asked for that no screen shows, in the order asked.
  static let unknownKeys: @Sendable (Params, Store.Outcome, AppState) -> [String: JSONValue] = {
    p, _, state in
    let keys = (try? p.strings("keys")) ?? []
    return ["unknown": .array(keys.filter { !state.showsImage($0) }.map { .string($0) })]
  }
}
