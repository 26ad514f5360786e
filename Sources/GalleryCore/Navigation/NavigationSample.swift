extension NavigationFeature {
  /// Back, any tab, and a new app shape.
  static let actionSample = ActionSample(weight: 2) { r in
    r.pick([
      .navigation(.back), .navigation(.back), .navigation(.open(r.pick(Tab.allCases))),
      .navigation(.adoptShape(AppShape(signIn: r.pick([.required, .none]), home: r.pick(AppShape.homes)))),
    ])
  }
}
