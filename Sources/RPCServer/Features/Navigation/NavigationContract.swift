import GalleryCore

/// The route (`/route`), the app's shape (`/shape`) and the methods that move between screens.
enum NavigationContract: FeatureContract {
  static let methods: [MethodSpec] = [
    .action("nav/back", "Pops the top screen of /route.", refuses: ["nav.atRoot", "nav.busy"]) {
      .navigation(.back)
    }.example(before: [.call("feed/openDetail", ["key": .state("/feed/items/0/key")])]),
    .action(
      "nav/open",
      "Shows a top-level screen, as a tab: it becomes the root of /route, below the screens pushed from it that are still open (an open photo, an open album). Opening the screen already shown does nothing; with sign-in required, only a signed-in user can (-32010 nav.signInFirst). The albums, the feed and the account's images load when first shown.",
      .choice("screen", Tab.self, Tab.allCases.map(\.rawValue).joined(separator: ", ")),
      refuses: ["nav.signInFirst"]
    ) { tab in .navigation(.open(tab)) }
    .example(["screen": "albums"], after: [.call("nav/open", ["screen": "feed"])]),
  ]
}
