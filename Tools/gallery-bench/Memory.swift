import Foundation
import GalleryCore

/// Row 6: the server's resident memory with a large feed, against the same server idle
/// with an empty state (both read from /proc after the work is done).
enum Memory {
  /// Resident set size of `pid` in bytes (VmRSS).
  static func rss(_ pid: pid_t) -> Int { status(pid, "VmRSS:") ?? 0 }

  /// The resident memory `pid` allocated itself, in bytes (RssAnon): its heap and anonymous
  /// mappings, without the pages of the binary and libraries it has touched (RssFile).
  static func anonymous(_ pid: pid_t) -> Int { status(pid, "RssAnon:") ?? 0 }

  /// Peak resident set size of `pid` in bytes (VmHWM), while it runs.
  static func peak(_ pid: pid_t) -> Int? { status(pid, "VmHWM:") }

  private static func status(_ pid: pid_t, _ field: String) -> Int? {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }) else { return nil }
    return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
  }

  static func run(binary: String, photos: Int) {
    FeedFootprint.run(photos: photos)
    func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-bench-mem-\(getpid())")
      .path
    let (idle, _) = RoundTrip.startServer(binary: binary, dir: base + "-idle", feedPhotos: 0)
    // A few requests, so the idle figure includes what serving touches.
    for i in 0..<100 {
      idle.send(RoundTrip.setEmail(i))
      _ = idle.line()
      _ = idle.line()
    }
    let idleRSS = rss(idle.pid)
    print("  idle, empty state: \(megabytes(idleRSS))")
    idle.finish()

    let started = Date()
    let (server, fake) = RoundTrip.startServer(binary: binary, dir: base + "-full", feedPhotos: photos)
    RoundTrip.loadFeed(server, photos: photos, pageSize: 200)
    server.send(
      Array(
        #"{"jsonrpc":"2.0","id":99999999,"method":"state/get","params":{"pointer":"/feed/items/\#(photos - 1)/key"}}"#
          .utf8) + [0x0A])
    let last = RoundTrip.waitFor(server, id: 99_999_999)
    let fullRSS = rss(server.pid)
    print(
      "  \(photos) photos in the feed (\(last.contains("pixabay:\(photos)") ? "checked" : "NOT all loaded"), loaded in \(String(format: "%.1f", Date().timeIntervalSince(started))) s): \(megabytes(fullRSS))"
    )
    print("  above idle: \(megabytes(fullRSS - idleRSS)) (target ≤ 64 MB, issue 20)")
    server.finish()
    fake?.stop()
    try? FileManager.default.removeItem(atPath: base + "-idle")
    try? FileManager.default.removeItem(atPath: base + "-full")
  }
}

/// The feed's photos alone, in process: the resident size a feed of `photos` adds, read after
/// giving freed memory back (`malloc_trim`), so transient peaks do not count.
enum FeedFootprint {
  /// Gives freed memory back to the system (glibc's `malloc_trim`, through the core's own
  /// declaration: a second `@_silgen_name` of it crashed the release build's SIL linker).
  static func trim() { releaseFreeMemory() }

  static func run(photos: Int) {
    func resident() -> Int {
      trim()
      return Memory.rss(getpid())
    }
    let before = resident()
    var items: [FeedItem] = []
    items.reserveCapacity(photos)
    for id in 1...photos {
      // The same photos the memory benchmark's fake Pixabay serves.
      items.append(
        FeedItem(
          photo: Photo(
            key: "pixabay:\(id)", providerID: String(id), width: 1280, height: 853, author: "user\(id % 97)",
            authorURL: "https://pixabay.com/users/user\(id % 97)-\(id % 97)/",
            tags: ["tag\(id % 50)", "bench"],
            likes: id % 300, pageURL: "https://pixabay.com/photos/p-\(id)/",
            thumbnailURL: "https://cdn.example/\(id)_150.jpg", largeURL: "https://cdn.example/\(id)_1280.jpg")
        ))
    }
    let after = resident()
    print(
      String(
        format: "  the feed's %d photos alone, in process: %.1f MB (%d bytes a photo)", photos,
        Double(after - before) / 1_000_000, (after - before) / photos))
    if ProcessInfo.processInfo.environment["BENCH_MALLOC_STATS"] == "1" { StoreMemory.stats() }
    withExtendedLifetime(items) {}
  }
}
