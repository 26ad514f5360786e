import EventStore
import Foundation
import GalleryCore
import RPCServer

/// `gallery-rpc serve`: opens the data directory and serves JSON-RPC on stdin/stdout.
enum ServeCommand {
  static func run(_ arguments: [String]) -> Int32 {
    let config: ServerConfiguration
    do {
      config = try ServerConfiguration.parse(arguments, environment: ProcessInfo.processInfo.environment)
    } catch {
      printError("gallery-rpc: \(error)")
      return 2
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
        return 1
      }
    }
    defer { if config.inspect != nil { try? FileManager.default.removeItem(atPath: dataDirectory) } }
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
      return VerifyCommand.status(for: error)
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
    logger.log(
      .info,
      "serving \(config.inspect.map { "\($0) read-only" } ?? config.dataDirectory) (state version \(store.version), auth \(config.provider("auth")), durability \(config.inspect == nil ? "\(config.durability)" : "none"))"
    )
    let connection = RPCConnection(
      input: 0, output: 1, framing: config.framing, maxMessageBytes: config.maxMessageBytes)
    let server = GalleryServer(
      store: store, connection: connection, logger: logger, serverVersion: GalleryRPCVersion.text,
      maxMessageBytes: config.maxMessageBytes, testClock: testClock)
    if let testClock {
      logger.log(.info, "test clock: time stands still at \(ISOTime.format(millis: testClock.milliseconds))")
    }
    return server.run()
  }
}
