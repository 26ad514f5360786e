/// A feature with work that outlives a process: what it closes, restarts or sends once the
/// state is recovered.
protocol Resumes: FeatureModule {
  /// Events that close work a stopped process left in flight, so nothing waits forever.
  static func interruptedWork(_ state: AppState) -> [Event]
  /// Actions sent once the state is recovered, to resume or refresh with the providers now
  /// configured.
  static func startupActions(_ environment: GalleryEnvironment) -> [Action]
  /// Effects the recovered state needs running again (timers a stopped process lost), at
  /// `now` (the log's clock, milliseconds since the epoch; read only when needed, so a
  /// session driven by a counting clock writes the same times).
  static func startupEffects(_ state: AppState, now: () -> Int64) -> [Effect]
}

extension FeatureModule {
  static var asResumes: (any Resumes.Type)? { nil }
}

extension Resumes {
  static var asResumes: (any Resumes.Type)? { self }
}
