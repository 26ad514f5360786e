/// How to retry what a retryable message says failed: the method to call and its
/// parameters, so a frontend wires one retry button for every screen
/// (`{"method": "feed/loadMore", "params": {}}`).
public struct Retry: Codable, Equatable, Sendable {
  /// The JSON-RPC method that retries it.
  public var method: String
  /// Its parameters, as the method takes them.
  public var params: [String: JSONValue]

  public init(_ method: String, _ params: [String: JSONValue] = [:]) {
    self.method = method
    self.params = params
  }
}

extension Retry: PersistedDefaults {
  /// No method, no parameters.
  public static var persistedDefaults: Retry { Retry("") }
}

extension Message {
  /// This message with how to retry it, when it is retryable (a final one gets none).
  public func retrying(_ method: String, _ params: [String: JSONValue] = [:]) -> Message {
    var message = self
    message.retry = retryable ? Retry(method, params) : nil
    return message
  }
}
