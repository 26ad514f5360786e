extension SettingsFeature {
  /// A refused limit, a switch to dark and Spanish (every message rendered again), sign-out
  /// and a Spanish error, a smaller image cache.
  static func demoScene(in directory: String) throws -> DemoScene? {
    DemoScene(
      order: 90,
      [
        (
          "settings/update {\"pageSize\":500} (refused, naming the field)",
          .settings(.update(change { $0.pageSize = 500 }))
        ),
        (
          "settings/update {\"appearance\":\"dark\",\"language\":\"es\"} (every message re-rendered)",
          .settings(
            .update(
              change {
                $0.appearance = "dark"; $0.language = "es"
              }))
        ),
        ("auth/logout", .auth(.logout)),
        ("auth/setEmail {\"value\":\"nope\"} (errors now in Spanish)", .auth(.setEmail(.login, "nope"))),
        (
          "settings/update {\"imageCacheMegabytes\":5}",
          .settings(.update(change { $0.imageCacheMegabytes = 5 }))
        ),
      ])
  }

  private static func change(_ edit: (inout SettingsChange) -> Void) -> SettingsChange {
    var change = SettingsChange()
    edit(&change)
    return change
  }
}
