import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// The random video: the rendition chosen for a screen, Pexels' video format, and a pick
/// that replay shows again without the network.
final class VideoTests: XCTestCase {
  let files = [
    VideoFile(
      quality: "sd", fileType: "video/mp4", width: 640, height: 360, fps: 25, link: "https://v.example/sd360"),
    VideoFile(
      quality: "sd", fileType: "video/mp4", width: 960, height: 540, fps: 29.97,
      link: "https://v.example/sd540"),
    VideoFile(
      quality: "hd", fileType: "video/mp4", width: 1280, height: 720, fps: nil,
      link: "https://v.example/hd720"),
    VideoFile(
      quality: "hd", fileType: "video/mp4", width: 1920, height: 1080, fps: 23.976,
      link: "https://v.example/hd1080"),
    VideoFile(
      quality: "uhd", fileType: "video/mp4", width: 3840, height: 2160, fps: 30, link: "https://v.example/uhd"
    ),
    VideoFile(
      quality: "hls", fileType: "application/x-mpegURL", width: nil, height: nil, fps: nil,
      link: "https://v.example/m3u8"),
    VideoFile(
      quality: "hd", fileType: "video/mp4", width: 1366, height: 768, fps: 25, link: "file:///etc/passwd"),
  ]

  func best(_ wish: VideoWish) -> String? { wish.bestFile(of: files)?.link }

  func testTheSmallestRenditionThatCoversTheScreenInTheQualityAsked() {
    XCTAssertEqual(best(VideoWish(width: 1280, height: 720)), "https://v.example/hd720")
    XCTAssertEqual(
      best(VideoWish(width: 720, height: 1280)), "https://v.example/hd720", "portrait screens too")
    XCTAssertEqual(best(VideoWish(width: 1300, height: 700)), "https://v.example/hd1080")
    XCTAssertEqual(best(VideoWish(width: 800, height: 450, quality: "sd")), "https://v.example/sd540")
    XCTAssertEqual(
      best(VideoWish(width: 4000, height: 3000, quality: "sd")), "https://v.example/sd540",
      "the largest if none covers")
    XCTAssertEqual(best(VideoWish(quality: "uhd")), "https://v.example/uhd")
    XCTAssertEqual(best(VideoWish(quality: "hls")), "https://v.example/m3u8")
    XCTAssertEqual(best(VideoWish()), "https://v.example/uhd", "no screen: the best progressive file")
    let onlyHD = Array(files.filter { $0.quality == "hd" })
    XCTAssertEqual(
      VideoWish(quality: "uhd").bestFile(of: onlyHD)?.link, "https://v.example/hd1080", "falls back")
    XCTAssertEqual(VideoWish(quality: "hls").bestFile(of: onlyHD)?.link, "https://v.example/hd1080")
    XCTAssertNil(VideoWish().bestFile(of: [files[6]]), "a file:// link is never played")
  }

  /// A store whose videos come from Pexels at `server` (key "k").
  func pexelsStore(_ dir: TemporaryDirectory, _ server: FakeHTTPServer) throws -> Store {
    try Store(
      dataDirectory: dir.path,
      environment: GalleryEnvironment().with {
        $0.video = PexelsVideoProvider(
          baseURL: server.baseURL, apiKey: "k", http: DefaultHTTPClient.make(), timeout: 5)
      },
      options: .init(durability: .none, timerScale: 0))
  }

  func testPexelsVideosDecodeAndTheRandomPickReplays() throws {
    let body = """
      {"page":1,"per_page":2,"videos":[
        {"id":1526909,"width":1920,"height":1080,"duration":10,"full_res":null,"tags":[],"url":"https://www.pexels.com/video/seal-1526909/",
         "image":"https://images.pexels.com/videos/1526909/free.jpg","avg_color":null,"user":{"id":5,"name":"Ruvim","url":"https://www.pexels.com/@digitech"},
         "video_files":[{"id":1,"quality":"hd","file_type":"video/mp4","width":1280,"height":720,"fps":23.98,"link":"https://player.example/hd.mp4"},
                        {"id":2,"quality":"sd","file_type":"video/mp4","width":640,"height":360,"fps":null,"link":"https://player.example/sd.mp4"},
                        {"id":3,"quality":"hls","file_type":"application/x-mpegURL","width":null,"height":null,"fps":null,"link":"https://player.example/x.m3u8"}],
         "video_pictures":[{"id":1,"nr":0,"picture":"https://images.pexels.com/p0.jpg"}]},
        {"id":2,"duration":5,"image":null,"video_files":[],"video_pictures":[]}
      ],"total_results":2,"next_page":null}
      """
    let server = try FakeHTTPServer { request in
      request.path == "/videos/popular" && request.headers["authorization"] == "k"
        ? .json(body) : .json(#"{"error":"nope"}"#, status: 401)
    }
    let dir = TemporaryDirectory()
    let store = try pexelsStore(dir, server)
    try store.send(.video(.playRandom(VideoWish(width: 600, height: 340))))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.video.status, .ready)
    XCTAssertEqual(store.state.video.video?.id, 1526909, "the video without files is skipped")
    XCTAssertEqual(store.state.video.video?.author, "Ruvim")
    XCTAssertEqual(store.state.video.video?.posterURL, "https://images.pexels.com/videos/1526909/free.jpg")
    XCTAssertEqual(store.state.video.file?.link, "https://player.example/sd.mp4")
    XCTAssertEqual(store.state.video.video?.files[0].fps, 23.98)
    XCTAssertEqual(server.requests.first?.query["per_page"], "40")
    XCTAssertThrowsError(try store.send(.video(.playRandom(VideoWish(quality: "8k"))))) {
      XCTAssertEqual(($0 as? Rejection)?.code, "video.badQuality")
    }
    try store.close()
    XCTAssertEqual(
      try Replay.state(ofLogAt: dir.path + "/events.jsonl").video, store.state.video, "replay picks the same")
    server.stop()
  }

  /// Issue 29, item 11: Pexels listing no videos is an empty answer, not a malformed one.
  func testAnEmptyVideoListSaysThereAreNoneInsteadOfMalformed() throws {
    let server = try FakeHTTPServer { _ in .json(#"{"page":1,"per_page":40,"videos":[],"total_results":0}"#) }
    let dir = TemporaryDirectory()
    let store = try pexelsStore(dir, server)
    try store.send(.video(.playRandom(VideoWish())))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.video.status, .failed)
    XCTAssertEqual(store.state.video.error?.code, "video.noneListed")
    XCTAssertEqual(store.state.video.error?.message, "The provider lists no videos right now.")
    XCTAssertEqual(store.state.video.error?.args, [:], "no empty detail")
    XCTAssertNil(store.state.unreachable["video"], "the server answered")
    try store.close()
    server.stop()
  }

  func testTheDemoPicksAtRandomAndFailuresAreRetryable() throws {
    let dir = TemporaryDirectory()
    let store = try Store(dataDirectory: dir.path, options: .init(durability: .none, timerScale: 0))
    var seen = Set<Int>()
    for _ in 0..<30 {
      try store.send(.video(.playRandom(VideoWish(width: 1920, height: 1080))))
      store.waitUntilIdle()
      XCTAssertEqual(store.state.video.file?.quality, "hd")
      seen.insert(store.state.video.video?.id ?? 0)
    }
    XCTAssertGreaterThan(seen.count, 1, "a random pick, not always the same")
    try store.close()
    XCTAssertEqual(try Replay.state(ofLogAt: dir.path + "/events.jsonl"), store.state)

    let offline = TemporaryDirectory()
    let failing = try Store(
      dataDirectory: offline.path,
      environment: GalleryEnvironment().with {
        $0.video = PexelsVideoProvider(
          baseURL: "http://127.0.0.1:9", apiKey: "k", http: DefaultHTTPClient.make(), timeout: 2)
      },
      options: .init(durability: .none, timerScale: 0))
    try failing.send(.video(.playRandom(VideoWish())))
    failing.waitUntilIdle()
    XCTAssertEqual(failing.state.video.status, .failed)
    XCTAssertEqual(failing.state.video.error?.code, "request.unreachable")
    XCTAssertEqual(failing.state.video.error?.retryable, true)
    try failing.close()
  }

  /// Bodies in Pexels' video shapes (Fixtures/providers, our own values) decode.
  func testPexelsVideoBodiesDecode() async throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/providers").path
    for name in ["pexels-videos-popular.json", "pexels-videos-search.json"] {
      let body = try String(contentsOfFile: "\(root)/\(name)", encoding: .utf8)
      let server = try FakeHTTPServer { _ in .json(body) }
      let videos = try await PexelsVideoProvider(
        baseURL: server.baseURL, apiKey: "k", http: DefaultHTTPClient.make()
      )
      .popular(perPage: 40).get()
      XCTAssertGreaterThan(videos.count, 3, name)
      for video in videos {
        XCTAssertNotNil(VideoWish(width: 1280, height: 720).bestFile(of: video.files), "\(name) \(video.id)")
        XCTAssertTrue(video.posterURL.hasPrefix("https://"), name)
      }
      server.stop()
    }
  }
}
