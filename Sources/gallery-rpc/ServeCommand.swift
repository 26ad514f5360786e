import EventStore
import Foundation
import GalleryCore
import RPCServer

/// `gallery-rpc serve`: opens the data directory and serves JSON-RPC on stdin/stdout.
/// `gallery-rpc mcp` opens it the same way (`open`) and puts the MCP face in front.
enum ServeCommand {
  /// What `open` found: the store, the test clock if any, and what to remove at the end.
  struct Opened {
    var config: ServerConfiguration
    var store: Store
    var logger: Logger
    var testClock: ManualClock?
    /// The directory the store is on (a copy under `--inspect`, removed by `close`).
    var dataDirectory: String

    /// The attach point in the data directory, serving other clients over this store with
    /// the owner's bounds (none for `--inspect`'s copy, which nobody else can know of; nil
    /// when the socket cannot be made, which is logged and leaves the owner serving).
    func openAttachPoint() -> AttachPoint? {
      guard config.inspect == nil else { return nil }
      let (store, logger, testClock, config) = (store, logger, testClock, config)
      do {
        return try AttachPoint(
          dataDirectory: dataDirectory,
          attachment: Attachment(admits: config.admits, consentsToDestructive: config.consentsToDestructive),
          maxMessageBytes: config.maxMessageBytes, logger: logger
        ) { connection, attachment in
          GalleryServer(
            store: store, connection: connection, logger: logger, serverVersion: GalleryRPCVersion.text,
            maxMessageBytes: config.maxMessageBytes, testClock: testClock, attachment: attachment)
        }
      } catch {
        logger.log(.warn, "no attach point: \(error); other clients cannot attach to this session")
        return nil
      }
    }

    /// Removes the inspector's copy; nothing otherwise.
    func close() {
      if config.inspect != nil { try? FileManager.default.removeItem(atPath: dataDirectory) }
    }
  }

  static func run(_ arguments: [String]) -> Int32 {
    let opened: Opened
    switch open(arguments, command: "gallery-rpc") {
    case .failure(let status): return status.code
    case .success(let value): opened = value
    }
    defer { opened.close() }
    let config = opened.config
    let connection = RPCConnection(
      input: 0, output: 1, framing: config.framing, maxMessageBytes: config.maxMessageBytes)
    let server = GalleryServer(
      store: opened.store, connection: connection, logger: opened.logger,
      serverVersion: GalleryRPCVersion.text,
      maxMessageBytes: config.maxMessageBytes, testClock: opened.testClock)
    if let testClock = opened.testClock {
      opened.logger.log(
        .info, "test clock: time stands still at \(ISOTime.format(millis: testClock.milliseconds))")
    }
    let attachPoint = opened.openAttachPoint()
    return server.run(beforeClosing: {
      attachPoint?.close(reason: "the app's core stopped: its owner ended the session")
    })
  }

  /// An exit status as an error, for `open`.
  struct Status: Error { var code: Int32 }

  /// Reads the options, opens the data directory (its single-writer lock, recovery,
  /// retention) and logs what it found, as `serve` and `mcp` both start.
  static func open(_ arguments: [String], command: String) -> Result<Opened, Status> {
    let config: ServerConfiguration
    do {
      config = try ServerConfiguration.parse(arguments, environment: ProcessInfo.processInfo.environment)
    } catch {
      printError("\(command): \(error)")
      return .failure(Status(code: 2))
    }
    signal(SIGPIPE, SIG_IGN)
    fixLargeBlockThreshold()
    let logger = Logger(level: config.logLevel)
    let testClock = config.testClockStart.map { ManualClock(start: $0) }
    // The inspector reads a copy, so the file (perhaps a live log) is never written.
    var dataDirectory = config.dataDirectory
    if let inspected = config.inspect {
      do { dataDirectory = try InspectCopy.make(of: inspected) } catch {
        logger.log(.error, "cannot inspect \(inspected): \(error)")
        return .failure(Status(code: 1))
      }
    }
    let store: Store
    do {
      store = try Store(
        dataDirectory: dataDirectory, environment: config.environment(),
        options: {
          var options = Store.Options(
            durability: config.durability, diagnostics: { logger.log(.warn, $0) }, retention: config.retention
          )
          options.secrets = config.secrets
          options.random = RandomSource(seed: config.seed)
          if config.inspect != nil {
            options.readOnly = true
            options.durability = .none
            options.retention = nil
          }
          if let testClock {
            // The log's time and every timer read the hand-moved clock.
            options.clock = { testClock.milliseconds }
            options.effectClock = testClock
          }
          return options
        }())
    } catch {
      logger.log(.error, "cannot open \(config.inspect ?? config.dataDirectory): \(error)")
      if let replay = error as? ReplayError, !replay.writtenByNewerBuild, config.inspect == nil {
        logger.log(
          .error,
          replay.isBase
            ? EventLine.unreadableBaseWayOut.replacingOccurrences(of: "DIR", with: config.dataDirectory)
            : "to go on without the lines this build cannot read: gallery-rpc repair \(config.dataDirectory)/events.jsonl --set-aside-unreadable (each is kept beside the log; the state loses what it did)"
        )
      }
      if config.inspect != nil { try? FileManager.default.removeItem(atPath: dataDirectory) }
      return .failure(Status(code: VerifyCommand.status(for: error)))
    }
    let recovery = store.recovery
    if let torn = recovery.tornTail { logger.log(torn.damaged ? .error : .warn, "\(torn)") }
    for problem in recovery.snapshotProblems { logger.log(.warn, problem) }
    if let dropped = recovery.droppedThrough {
      logger.log(.info, "retention: the events through seq \(dropped) became one log.base event")
    }
    if !recovery.closedWork.isEmpty {
      logger.log(.info, "closed work left in flight: \(recovery.closedWork.joined(separator: ", "))")
    }
    for warning in config.warnings { logger.log(.warn, warning) }
    if let why = DefaultHTTPClient.unavailable {
      logger.log(
        .warn,
        "no bounded HTTP client: \(why); every provider but the demo's will fail (request.noClient) until it is installed"
      )
    }
    logger.log(
      .info,
      "serving \(config.inspect.map { "\($0) read-only" } ?? config.dataDirectory) (state version \(store.version), auth \(config.provider("auth")), durability \(config.inspect == nil ? "\(config.durability)" : "none"))"
    )
    return .success(
      Opened(config: config, store: store, logger: logger, testClock: testClock, dataDirectory: dataDirectory)
    )
  }
}
