import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import XCTest

/// Under the test clock the log is a function of the requests and the clock's moves only:
/// effect results record in the order their effects started (`EffectOrder`), never in the
/// order they finish. A frontend's suite relies on it: the same session, the same bytes.
final class EffectOrderTests: XCTestCase {
  /// How many times the session runs (`GALLERY_ORDER_RUNS` to run it longer).
  static let runs = SuiteLength.value("GALLERY_ORDER_RUNS", default: 20)

  /// A session that starts many effects at once (a page, twelve thumbnails in one prefetch,
  /// a detail, a favorite, a random video, a language), run over the wire through the typed
  /// requests at a download concurrency of 6, every provider answer delayed by a random few
  /// milliseconds and both cores kept busy beside it: every run writes the same log, byte
  /// for byte, while the answers finish in different orders.
  func testTheSameSessionWritesTheSameLogWhateverOrderItsEffectsFinishIn() throws {
    let load = BusyCores()
    defer { load.stop() }
    // One farm for every run: its address is in the log.
    let farm = try ProviderFarm()
    var first: [UInt8]?
    var finishOrders = Set<[String]>()
    for run in 1...Self.runs {
      let (log, finished) = try session(farm)
      finishOrders.insert(finished)
      guard let expected = first else {
        first = log
        XCTAssertGreaterThan(log.count, 0)
        continue
      }
      if log != expected {
        let (a, b) = (Self.lines(expected), Self.lines(log))
        let at =
          zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        XCTFail(
          "run \(run) wrote another log; first difference at line \(at + 1):\n\(at < a.count ? a[at] : "(end)")\n\(at < b.count ? b[at] : "(end)")"
        )
        return
      }
    }
    // The test can fail: the thumbnails' answers did finish in different orders.
    XCTAssertGreaterThan(finishOrders.count, 1, "the providers' answers always finished in the same order")
  }

  /// One run: the log's bytes, and the order the thumbnails' answers finished in.
  private func session(_ farm: ProviderFarm) throws -> ([UInt8], [String]) {
    let finished = Locked<[String]>([])
    var environment = farm.environment(feed: "pixabay")
    let jitter = JitteredHTTPClient(farm.network, finished: finished)
    environment.images = ImageSource(http: jitter, timeout: 5)
    environment.feed = PixabayProvider(baseURL: farm.baseURL, apiKey: "pixabay-key", http: jitter)
    var options = Store.Options(durability: .none)
    options.downloadConcurrency = 6
    options.random = RandomSource(seed: 7)
    let p = try InProcessServer(options: options, environment: environment, testClock: ManualClock())
    _ = p.initialize()
    let settle = { XCTAssertEqual(p.call(Requests.TestSettle())["settled"], .bool(true)) }
    p.call(Requests.AuthSetEmail(value: "test@mail.com"))
    p.call(Requests.AuthSetPassword(value: "123456"))
    p.call(Requests.AuthSubmitLogin())
    settle()
    p.call(Requests.FeedSetQuery(text: "sky"))
    XCTAssertEqual(p.call(Requests.TestAdvanceClock(milliseconds: 300))["settled"], .bool(true))
    let keys = (p.call(Requests.StateGet(pointer: "/feed/items"))["value"]?.array ?? []).prefix(12)
      .compactMap { $0["key"]?.string }
    XCTAssertEqual(keys.count, 12)
    p.call(Requests.ImagesPrefetch(keys: keys))
    settle()
    p.call(Requests.FeedOpenDetail(key: keys[3]))
    settle()
    p.call(Requests.FavoritesAdd(key: keys[3]))
    p.call(Requests.VideoPlayRandom(width: 1920, height: 1080))
    p.call(Requests.SettingsUpdate(language: .es))
    settle()
    let log = try [UInt8](Data(contentsOf: URL(fileURLWithPath: p.dataDirectory.path + "/events.jsonl")))
    return (log, finished.value.filter { $0.contains("/img/") })
  }

  private static func lines(_ bytes: [UInt8]) -> [String] {
    String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}

/// The farm's network with every request and answer passed back and forth a random number of
/// times through the task scheduler (no sleep), so answers finish in a different order on
/// every run; notes the order they finish in.
private final class JitteredHTTPClient: HTTPClient, Sendable {
  private let wrapped: any HTTPClient
  private let finished: Locked<[String]>

  init(_ wrapped: any HTTPClient, finished: Locked<[String]>) {
    self.wrapped = wrapped
    self.finished = finished
  }

  /// Gives way to other tasks a random 0–200 times.
  private static func jitter() async {
    for _ in 0..<Int.random(in: 0...200) { await Task.yield() }
  }

  func send(_ request: HTTPRequest) async -> Result<HTTPResponse, RequestFailure> {
    await Self.jitter()
    let result = await wrapped.send(request)
    await Self.jitter()
    finished.mutate { $0.append(request.url.path) }
    return result
  }

  func send(_ request: HTTPRequest, progress: @escaping @Sendable (Int64, Int64) -> Void) async -> Result<
    HTTPResponse, RequestFailure
  > {
    await Self.jitter()
    return await wrapped.send(request, progress: progress)
  }
}

/// Both cores kept busy by threads spinning beside the test, until `stop` (the "busy
/// machine" a frontend's CI is).
private final class BusyCores: Sendable {
  private let running = Locked(true)
  private let done = DispatchGroup()

  init(threads: Int = 2) {
    for _ in 0..<threads {
      done.enter()
      Thread.detachNewThread { [running, done] in
        var x: UInt64 = 1
        while running.value {
          for _ in 0..<100_000 { x = x &* 6_364_136_223_846_793_005 &+ 1 }
        }
        if x == 0 { print(x) }
        done.leave()
      }
    }
  }

  /// Ends the spinning threads and waits (at most 5 s) for them to end.
  func stop() {
    running.mutate { $0 = false }
    _ = done.wait(timeout: .now() + 5)
  }
}
