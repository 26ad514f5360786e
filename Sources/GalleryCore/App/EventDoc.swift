/// What protocol/events.md says of one event type, declared beside the type so the table is
/// rendered from the registry (a new event cannot go undocumented: the member is required).
public struct EventDoc: Sendable {
  /// The `data` column: its members, `?` when a line may leave one out.
  public let data: String
  /// The "recorded when" column: what happened for the line to be written.
  public let recordedWhen: String

  public init(data: String, recordedWhen: String) {
    self.data = data
    self.recordedWhen = recordedWhen
  }
}
