#if canImport(Observation)
  import GalleryCore
  import Observation

  /// The mirrored state for a SwiftUI view (or anything that observes): an `@Observable` that
  /// follows a client's states on the main actor until `stop()`.
  @MainActor @Observable
  public final class GalleryModel {
    /// The newest state (nil before the client started).
    public private(set) var state: AppState?
    /// The client it follows, for sending requests.
    public let client: GalleryClient
    @ObservationIgnored private var following: Task<Void, Never>?

    public init(client: GalleryClient) {
      self.client = client
      state = client.state
      following = Task { [weak self] in
        for await next in client.states() {
          guard let self else { return }
          self.state = next
        }
      }
    }

    /// Stops following the client.
    public func stop() {
      following?.cancel()
      following = nil
    }
  }
#endif
