// Signs in with the demo account, prints the feed's first three photos, opens one and goes back.
//   swift run swift-client-example .build/debug/gallery-rpc
import Foundation
import GalleryClient

let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("swift-client-\(getpid())")
  .path
defer { try? FileManager.default.removeItem(atPath: dataDirectory) }
let client = try GalleryClient.spawn(
  binary: CommandLine.arguments[1], dataDirectory: dataDirectory, arguments: ["--log-level", "error"])
guard let demo = try await client.start(clientName: "swift_client").capabilities.demoAccount else {
  fatalError("the demo account is off")
}
try await client.send(Requests.AuthSetEmail(value: demo.email))
try await client.send(Requests.AuthSetPassword(value: demo.password))
try await client.send(Requests.AuthSubmitLogin())
let state = try await client.waitFor { $0.feed.status == .loaded && $0.feed.items.count >= 3 }
for item in state.feed.items.prefix(3) { print(item.photo.alt ?? item.photo.author) }
try await client.send(Requests.FeedOpenDetail(key: state.feed.items[0].key))
print("screen:", client.state?.route.last?.screen.rawValue ?? "?")
try await client.send(Requests.NavBack())
print("screen:", client.state?.route.last?.screen.rawValue ?? "?")
print("exit status:", await client.close())
