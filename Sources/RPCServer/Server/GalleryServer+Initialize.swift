import Foundation
import GalleryCore
import JSONRPC

/// The session's start: `initialize`, answered once.
extension GalleryServer {
  /// `initialize`: records the declared shape and start settings, takes the baseline the
  /// first `state/changed` starts from, and says what this server offers. Publishing starts
  /// with its answer (`ReadBatch.startsPublishing`).
  func initialize(_ p: Params, _ batch: inout ReadBatch) throws(RPCError) -> JSONValue {
    let options = try InitializationOptions.parse(try p[ServerMethods.Parameter.initializationOptions])
    let first = session.withLock { s -> Bool in
      guard s.phase == .starting else { return false }
      s.phase = .running
      return true
    }
    guard first else { throw RPCError.invalidRequest("initialize may be sent only once") }
    // The declared shape is recorded (when it changed) before the baseline is taken, so the
    // state the client reads next already has it.
    // A log read only keeps the shape it recorded.
    // The start settings go first, so a first page the shape loads has their page size.
    // The shape and start settings are the owner's: an attached client's are read, not adopted.
    if !store.isReadOnly, attachment == nil {
      if let settings = options.settings { _ = try perform(.settings(.adoptStartSettings(settings)), &batch) }
      _ = try perform(.navigation(.adoptShape(options.shape)), &batch)
    }
    session.withLock { $0.coalescing = true }
    batch.startsPublishing = true
    // Outside the server's lock: deliveries take it, and this waits for them.
    // The baseline is set before any change can be delivered to `publish`.
    // The answer's stateVersion is the baseline's: the first patch starts from it.
    var baselineVersion: UInt64 = 0
    let observation = store.observe(current: { version, state in
      setBaseline(state)
      baselineVersion = version
    }) { [weak self] change in
      self?.publish(change)
    }
    session.withLock { $0.observation = observation }
    let available = MethodCatalog.all.filter {
      if case .notAvailable = $0.route { return false }
      return !$0.needsTestClock || testClock != nil
    }
    let later = MethodCatalog.all.filter {
      if case .notAvailable = $0.route { return true }
      return false
    }
    let directory = store.dataDirectory
    let absolute =
      directory.hasPrefix("/")
      ? directory : FileManager.default.currentDirectoryPath + "/" + directory
    return .object([
      "serverInfo": .object(["name": .string("gallery-rpc"), "version": .string(serverVersion)]),
      // Image paths in the state are relative to it (so a log replays the same elsewhere).
      "dataDirectory": .string(URL(fileURLWithPath: absolute).standardizedFileURL.path),
      "protocolVersion": .string(OpenRPCDocument.protocolVersion),
      "capabilities": .object([
        "methods": .array(available.map { .string($0.name) }),
        "notAvailableYet": .array(later.map { .string($0.name) }),
        "notifications": .array(MethodCatalog.serverNotifications.map { .string($0.name) }),
        "framings": .array(Framing.allCases.map { .string($0.rawValue) }),
        "framing": .string((connection.framing ?? .ndjson).rawValue),
        "stateVersion": .number(Double(baselineVersion)),
        "testClock": .bool(testClock != nil),
        // Whether the random choices that reach the log are fixed (`serve --seed`).
        "seeded": .bool(store.random.seed != nil),
        // `serve --inspect`: a log read, never written; every action is refused.
        "readOnly": .bool(store.isReadOnly),
        // On the attach point: this client's role and the most the owner admits (null: the owner).
        "attached": attachedCapability,
        "maxMessageBytes": .number(Double(maxMessageBytes)),
        // The demo backend's built-in account, for a sign-in screen's hint (null otherwise).
        "demoAccount": store.demoAccount.map {
          .object(["email": .string($0.email), "password": .string($0.password)])
        } ?? .null,
      ]),
    ])
  }
}
