import GalleryCore

/// The route (`/route`), the app's shape (`/shape`) and the methods that move between screens.
enum NavigationContract: FeatureContract {
  static let methods: [MethodSpec] = [
    .action("nav/back", "Pops the top screen of /route.") { _ in .navigation(.back) },
    .action(
      "nav/open",
      "Shows a top-level screen, as a tab: it becomes the root of /route, below the screens pushed from it that are still open (an open photo, an open album). Opening the screen already shown does nothing; with sign-in required, only a signed-in user can (-32010 nav.signInFirst). The albums, the feed and the account's images load when first shown.",
      params: [
        .init(
          "screen", Schema.enumeration(Tab.allCases.map(\.rawValue)),
          Tab.allCases.map(\.rawValue).joined(separator: ", "))
      ]
    ) { p throws(RPCError) in
      let name = try p.string("screen")
      guard let tab = Tab(rawValue: name) else {
        throw RPCError.invalidParams(
          "screen must be one of: \(Tab.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      return .navigation(.open(tab))
    },
  ]

  /// The message codes each method's -32010 can carry (`x-rejection-codes`).
  static let refusals: [String: [String]] = [
    "nav/back": ["nav.atRoot", "nav.busy"],
    "nav/open": ["nav.signInFirst"],
  ]
}
