/// The outside world the runtime talks to: the providers, chosen by configuration.
public struct GalleryEnvironment: Sendable {
  /// Sign-in and registration.
  public var auth: any AuthBackend

  public init(auth: any AuthBackend = DemoAuthBackend()) {
    self.auth = auth
  }
}
