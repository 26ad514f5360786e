import EventStore
import Foundation
import GalleryCore
import RPCServer
import Synchronization

/// `gallery-rpc demo`: a scripted walk through the product on the embedded default
/// providers, printed as a readable timeline (each action, its events, what they changed).
/// Each feature declares its scene in its folder (`DemoScene`).
enum DemoCommand {
  static func run(_ arguments: [String]) -> Int32 {
    var directory: String?
    if arguments.count == 2, arguments[0] == "--data-dir" {
      directory = arguments[1]
    } else if !arguments.isEmpty {
      printError("gallery-rpc demo: usage: demo [--data-dir DIR]")
      return 2
    }
    let dir =
      directory
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("gallery-rpc-demo-\(getpid())").path
    // Without --data-dir the walk's directory is this run's own: removed when it ends.
    defer { if directory == nil { try? FileManager.default.removeItem(atPath: dir) } }
    do {
      let store = try Store(
        dataDirectory: dir,
        environment: GalleryEnvironment(locale: Language.fromLocale(ProcessInfo.processInfo.environment)),
        options: Store.Options(durability: .batch(milliseconds: 10)))
      let printed = PrintedState()
      printed.state = store.state
      let observation = store.observe { change in
        var before = printed.state
        for record in change.events {
          guard let event = try? EventCodec.decode(record) else { continue }
          let after = AppMachine.reduce(before, event)
          print(Timeline.line(record, before: before, after: after))
          before = after
        }
        printed.state = change.state
      }
      print(
        "gallery-rpc demo: every feature's scene on the embedded demo providers (data in \(dir))\n"
      )
      for (label, action) in try DemoScene.walk(in: dir).flatMap(\.steps) {
        print("> \(label)")
        do {
          try store.send(action)
          store.waitUntilIdle()
        } catch let rejection as Rejection {
          print("  rejected: \(rejection.message) [\(rejection.code)]")
        }
      }
      observation.cancel()
      let state = store.state
      print(
        "\nnow: route \(state.route.map(\.screen.rawValue)), session \(state.session.status.rawValue), language \(state.settings.language.rawValue)"
      )
      if directory == nil {
        print(
          "the log: \(store.version) events, removed with this run's directory; keep it with --data-dir DIR")
      } else {
        print("the log: \(dir)/events.jsonl (\(store.version) events)")
        print("replay it:  gallery-rpc replay \(dir)/events.jsonl --format timeline")
      }
      try store.close()
      return 0
    } catch {
      printError("gallery-rpc demo: \(error)")
      return 1
    }
  }
}

/// The state the demo printed last (the observer runs on the store's thread).
final class PrintedState: Sendable {
  private let printed = Mutex(AppState())
  /// The state printed last.
  var state: AppState {
    get { printed.withLock { $0 } }
    set { printed.withLock { $0 = newValue } }
  }
}
