import Foundation
import GalleryCore

/// An auth backend whose answers a test scripts, so store-level tests need no network.
public struct ScriptedAuthBackend: AuthBackend {
  public typealias Answer = @Sendable (AuthForm, String, Secret) -> Result<AuthGrant, RequestFailure>
  private let answer: Answer

  public init(_ answer: @escaping Answer) { self.answer = answer }

  public func signIn(email: String, password: Secret) async -> Result<AuthGrant, RequestFailure> {
    answer(.login, email, password)
  }

  public func register(email: String, password: Secret, age: Int?) async -> Result<AuthGrant, RequestFailure>
  {
    answer(.registration, email, password)
  }
}

/// An auth backend that never answers until released: work left in flight when a process stops.
public actor StalledAuthBackend: AuthBackend {
  private var waiting: [CheckedContinuation<Void, Never>] = []

  public init() {}

  public func signIn(email: String, password: Secret) async -> Result<AuthGrant, RequestFailure> {
    await withCheckedContinuation { waiting.append($0) }
    return .failure(RequestFailure(kind: .cancelled))
  }

  public func register(email: String, password: Secret, age: Int?) async -> Result<AuthGrant, RequestFailure>
  {
    await signIn(email: email, password: password)
  }

  /// Lets every stalled call finish (with `cancelled`).
  public func release() {
    for c in waiting { c.resume() }
    waiting = []
  }
}

/// A fresh directory per test (`gallery-UUID` in the system temp directory). Owner: the test
/// holding it, which removes it when released (`deinit`, retried when a late write races it);
/// tests that keep one for their whole class remove it in `tearDown`. Bound: one per test
/// alive, holding what that test's store wrote.
public final class TemporaryDirectory: Sendable {
  public let path: String

  public init() {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-\(UUID().uuidString)").path
    // The owner's alone, as the core makes a data directory (a wider one is reported at start).
    try? FileManager.default.createDirectory(
      atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  }

  deinit {
    // A store's late work (an image download finishing after its test) may write while this
    // removes, so one pass can fail on a folder that just got a file: try again, a few times.
    // Once the directory is gone nothing makes it again (the image cache refuses to).
    for _ in 0..<5 where FileManager.default.fileExists(atPath: path) {
      try? FileManager.default.removeItem(atPath: path)
    }
  }

  /// Every regular file below the directory, recursively.
  public func allFiles() -> [String] {
    var files: [String] = []
    for name in (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? [] {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: "\(path)/\(name)", isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files.append("\(path)/\(name)")
      }
    }
    return files.sorted()
  }
}
