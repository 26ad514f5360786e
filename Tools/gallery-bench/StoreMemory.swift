import Foundation
import GalleryCore
import GalleryTesting

/// glibc's per-arena report (system and in-use bytes) on stderr.
@_silgen_name("malloc_stats")
private func mallocStats()

/// Row 6 taken apart: the store alone, in process, loading `photos` photos from a fake
/// Pixabay in pages of 200 as the memory benchmark's server does; the resident size it adds
/// after freed memory is given back, then glibc's own account of what is in use, to tell
/// live data from what the allocator keeps (fragmentation, per-thread arenas).
enum StoreMemory {
  /// glibc's per-arena report, after what is printed so far.
  static func stats() {
    fflush(nil)
    mallocStats()
  }

  static func run(photos: Int) throws {
    let fake = try FakeHTTPServer { request in
      let page = Int(request.query["page"] ?? "1") ?? 1
      let size = Int(request.query["per_page"] ?? "20") ?? 20
      let ids = ((page - 1) * size + 1)...max((page - 1) * size + 1, min(photos, page * size))
      let hits = ids.map { id in
        #"{"id":\#(id),"pageURL":"https://pixabay.com/photos/p-\#(id)/","tags":"tag\#(id % 50), bench","previewURL":"https://cdn.example/\#(id)_150.jpg","largeImageURL":"https://cdn.example/\#(id)_1280.jpg","imageWidth":1280,"imageHeight":853,"likes":\#(id % 300),"user":"user\#(id % 97)","user_id":\#(id % 97)}"#
      }
      return .json(#"{"total":\#(photos),"totalHits":\#(photos),"hits":[\#(hits.joined(separator: ","))]}"#)
    }
    func resident() -> Int {
      FeedFootprint.trim()
      return Memory.rss(getpid())
    }
    let dir = "/tmp/gallery-bench-store-memory-\(getpid())"
    let before = resident()
    var environment = GalleryEnvironment()
    environment.feed = PixabayProvider(baseURL: fake.baseURL, apiKey: "k", http: URLSessionHTTPClient())
    let store = try Store(dataDirectory: dir, environment: environment, options: .init(durability: .none))
    try store.signInToDemo()
    try store.send(
      .settings(
        .update(
          {
            var c = SettingsChange(); c.pageSize = 200; return c
          }())))
    try store.send(.feed(.refresh))
    store.waitUntilIdle()
    while store.state.feed.items.count < photos {
      try store.send(.feed(.loadMore))
      store.waitUntilIdle()
    }
    print(
      String(
        format:
          "  the store in process with %d photos: %.1f MB resident above its start, after malloc_trim; glibc's account:",
        store.state.feed.items.count, Double(resident() - before) / 1e6))
    fflush(nil)
    mallocStats()
    try store.close()
    fake.stop()
    try? FileManager.default.removeItem(atPath: dir)
  }

  /// The HTTP client alone: `requests` answers of `bytes` each fetched and dropped, then the
  /// resident size and glibc's account (what the client keeps after its answers are gone).
  static func http(requests: Int, bytes: Int) async throws {
    // URLSession leaves a file per download in TMPDIR (issue 28): give it a folder of this
    // run's, removed at the end, and count what it left there.
    let temporary = FileManager.default.temporaryDirectory.path + "/gallery-bench-http-\(getpid())"
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    setenv("TMPDIR", temporary, 1)
    defer { try? FileManager.default.removeItem(atPath: temporary) }
    let body = Data(repeating: UInt8(ascii: "a"), count: bytes)
    let fake = try FakeHTTPServer { request in
      request.path.hasPrefix("/hostile")
        ? .huge(300 << 20, declaresLength: false) : .init(headers: ["Content-Type": "text/plain"], body: body)
    }
    defer { fake.stop() }
    func resident() -> Int {
      FeedFootprint.trim()
      return Memory.rss(getpid())
    }
    // The baseline first (URLSession, the client before issue 28), then libcurl, in one run.
    var clients: [(String, any HTTPClient)] = [("URLSession", URLSessionHTTPClient())]
    if let curl = CurlHTTPClient() { clients.append(("libcurl", curl)) }
    for (name, client) in clients {
      let before = resident()
      for k in 0..<requests {
        _ = await client.send(HTTPRequest(url: URL(string: fake.baseURL + "/\(k)")!, timeout: 10))
      }
      let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
      print(
        String(
          format:
            "  %@: after %d answers of %d bytes, %.1f MB resident above its start, %d files left in TMPDIR",
          name, requests, bytes, Double(resident() - before) / 1e6, left.count))
      for file in left { try? FileManager.default.removeItem(atPath: temporary + "/" + file) }
    }
    // A 300 MB body ended by closing, under a 20 MiB limit: the peak (VmHWM) above the start.
    for (name, client) in clients {
      guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { break }
      try? handle.write(contentsOf: Data("5".utf8))
      try? handle.close()
      let before = Memory.rss(getpid())
      let result = await client.send(
        HTTPRequest(url: URL(string: fake.baseURL + "/hostile")!, timeout: 60, maxResponseBytes: 20 << 20))
      let peak = (Memory.peak(getpid()) ?? 0) - before
      let outcome: String
      switch result {
      case .success: outcome = "accepted"
      case .failure(let failure): outcome = "\(failure.kind)"
      }
      print(
        String(
          format:
            "  %@: a 300 MB close-delimited body under a 20 MiB limit: %@, peak %.1f MB above the start",
          name,
          outcome, Double(peak) / 1e6))
    }
    stats()
  }
}
