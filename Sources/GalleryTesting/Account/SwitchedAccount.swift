import GalleryCore

/// The demo account behind a switch: while `failure` is set, every request to it (its images,
/// an upload, a delete) fails with it, as a provider in trouble would; `calls` counts the
/// uploads and deletes that reached it. Token refreshes always succeed.
public final class SwitchedAccount: AccountProvider, Sendable {
  public let failure: Locked<RequestFailure?>
  public let calls = Locked(0)
  private let demo = DemoAccount()

  public init(failing failure: RequestFailure? = nil) {
    self.failure = Locked(failure)
  }

  public var info: AccountProviderInfo { demo.info }

  public func images(token: String, page: Int) async -> Result<[AccountImage], RequestFailure> {
    if let failure = failure.value { return .failure(failure) }
    return await demo.images(token: token, page: page)
  }

  public func upload(
    token: String, request: UploadRequest, bytes: [UInt8],
    progress: @escaping @Sendable (Int64, Int64) -> Void
  ) async -> Result<AccountImage, RequestFailure> {
    calls.mutate { $0 += 1 }
    if let failure = failure.value { return .failure(failure) }
    return await demo.upload(token: token, request: request, bytes: bytes, progress: progress)
  }

  public func delete(token: String, id: String) async -> Result<Void, RequestFailure> {
    calls.mutate { $0 += 1 }
    if let failure = failure.value { return .failure(failure) }
    return await demo.delete(token: token, id: id)
  }

  public func refresh(refreshToken: String) async -> Result<AccountTokens, RequestFailure> {
    await demo.refresh(refreshToken: refreshToken)
  }
}
