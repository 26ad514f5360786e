import JSON

/// One step of the persisted state's format, declared by the feature whose part changed shape:
/// it rewrites a state of version `to - 1` (its JSON, as an older build wrote it) into version
/// `to`. `StateFormat` gathers every feature's steps; the newest `to` is the format this build
/// writes.
struct StateUpgrade: Sendable {
  /// The version the step produces (2 or later).
  let to: Int
  /// What changed, for a reader of the format's history.
  let summary: String
  let rewrite: @Sendable (JSONValue) throws -> JSONValue

  init(to version: Int, _ summary: String, _ rewrite: @escaping @Sendable (JSONValue) throws -> JSONValue) {
    precondition(version >= 2, "format 1 is the first; a step produces 2 or later")
    to = version
    self.summary = summary
    self.rewrite = rewrite
  }
}
