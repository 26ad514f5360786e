import EventStore
import Foundation
import GalleryCore

/// Where a round trip's time goes: each step on its own, in process.
enum Components {
  static func time(_ label: String, _ n: Int, _ body: (Int) throws -> Void) rethrows {
    let start = RoundTrip.nowNanos()
    for i in 0..<n { try body(i) }
    let each = Double(RoundTrip.nowNanos() - start) / Double(n) / 1000
    print(String(format: "  %@ %8.2f µs", label.padding(toLength: 44, withPad: " ", startingAt: 0), each))
  }

  static func run() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-bench-c-\(getpid())")
      .path
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let store = try Store(dataDirectory: dir, options: .init(durability: .batch(milliseconds: 10)))
    let request = Array(
      #"{"jsonrpc":"2.0","id":12,"method":"auth/setEmail","params":{"value":"user1@mail.com"}}"#.utf8)
    print("components of one auth/setEmail (release, in process):")
    try time("parse the request (JSONParser)", 20000) { _ in _ = try JSONParser.parse(request) }
    try time("Store.send (decide, encode, append, reduce)", 20000) { i in
      try store.send(.auth(.setEmail(.login, "user\(i % 97)@mail.com")))
    }
    var a = store.state
    var b = a
    b.login.email.value = "other@mail.com"
    b.login.email.edited = true
    try time("StatePatch.diff (login changed)", 20000) { _ in _ = try StatePatch.diff(a, b) }
    try time("JSONValue(encoding: LoginForm)", 20000) { _ in _ = try JSONValue(encoding: a.login) }
    time("AppState == AppState (login differs)", 20000) { _ in _ = a == b }
    time("FeedState == FeedState", 20000) { _ in _ = a.feed == b.feed }
    time("AlbumsState == AlbumsState", 20000) { _ in _ = a.albums == b.albums }
    let ja = try JSONValue(encoding: a.login)
    let jb = try JSONValue(encoding: b.login)
    time("JSONPatch.diff of two LoginForm values", 20000) { _ in _ = JSONPatch.diff(ja, jb) }
    try time("JSONEncoder LoginForm to bytes", 20000) { _ in _ = try JSONCoding.encode(a.login) }
    let event = Event(AuthEvents.FieldEdited(form: .login, field: .email, value: "a@b.co"))
    try time("EventCodec.encode (an event's data)", 20000) { _ in _ = try EventCodec.encode(event) }
    let ops = try StatePatch.diff(a, b)
    let note: JSONValue = .object(["patch": .array(ops.map(\.json)), "version": .number(3)])
    time("JSONWriter (a state/changed)", 20000) { _ in _ = JSONWriter.bytes(note) }
    a.login = b.login
    try store.close()

    let log = dir + "/replay.jsonl"
    try ReplayBench.generate(log, count: 20000)
    print("replay of 20,000 events, per event:")
    func pass(_ label: String, _ body: (EventRecord) throws -> Void) throws {
      let cursor = try LogCursor(path: log)
      let start = RoundTrip.nowNanos()
      var n = 0
      while let r = try cursor.next() {
        try body(r)
        n += 1
      }
      print(
        String(
          format: "  %@ %8.2f µs", label.padding(toLength: 44, withPad: " ", startingAt: 0),
          Double(RoundTrip.nowNanos() - start) / Double(n) / 1000))
    }
    try pass("read and check lines (LogCursor)") { _ in }
    try pass("+ JSONParser.parse of data") { r in _ = try JSONParser.parse(r.data) }
    try pass("+ EventCodec.decode") { r in _ = try EventCodec.decode(r) }
    var state = AppState()
    try pass("+ decode and reduce") { r in AppMachine.reduce(into: &state, try EventCodec.decode(r)) }
    print("decode and fold by event type, per event:")
    let photos = (1...20).map(DemoCatalog.photo)
    let samples: [(String, any EventPayload)] = [
      (
        "feed.pageLoaded (20 photos)",
        FeedEvents.PageLoaded(requestID: 2, page: FeedPage(photos: photos, hasMore: true))
      ),
      (
        "feed.imageLoaded",
        ImagesEvents.ImageLoaded(key: photos[7].key, target: .thumbnail, path: "cache/ab/1234")
      ),
      ("auth.fieldEdited", AuthEvents.FieldEdited(form: .login, field: .email, value: "user12@mail.com")),
    ]
    for (label, payload) in samples {
      let record = EventRecord(
        seq: 1, timeMillis: 0, type: type(of: payload).type, version: 1,
        data: try EventCodec.encodeData(payload))
      let n = label.hasPrefix("feed.page") ? 5000 : 100_000
      try time("  decode \(label)", n) { _ in _ = try EventCodec.decode(record) }
      let event = try EventCodec.decode(record)
      var folded = state
      time("  fold \(label)", n) { _ in AppMachine.reduce(into: &folded, event) }
    }
  }
}
