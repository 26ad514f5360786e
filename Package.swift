// swift-tools-version:6.0
// gallery-rpc: the headless, event-sourced core of an image gallery app.
import PackageDescription

let package = Package(
  name: "gallery-rpc",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "EventStore", targets: ["EventStore"]),
    .library(name: "GalleryCore", targets: ["GalleryCore"]),
    .library(name: "GalleryClient", targets: ["GalleryClient"]),
    .executable(name: "gallery-rpc", targets: ["gallery-rpc"]),
    .executable(name: "gallery-web", targets: ["gallery-web"]),
  ],
  targets: [
    // JSON, domain-free: a strict scanner and parser, the value type, the writer.
    .target(name: "JSON"),
    // Shared state that threads wait on: a value under a lock with a condition (`Guarded`).
    .target(name: "Guarded"),
    // JSON-RPC 2.0, domain-free: both framings, messages and ids, params, errors, the connection.
    .target(name: "JSONRPC", dependencies: ["JSON", "Guarded"]),
    // CRC-32C with the CPU's instruction (SSE 4.2, ARMv8 CRC), chosen at run time.
    .target(name: "CCRC32C"),
    // Append-only JSON-lines event log: envelope, durable append, recovery, reading, snapshots.
    .target(name: "EventStore", dependencies: ["JSON", "CCRC32C"]),
    // libcurl's easy interface, loaded with dlopen (no headers needed): bounded HTTP bodies.
    .target(name: "CCurl"),
    // The domain: state, actions, events, reducers, effects, providers, validation, messages.
    .target(
      name: "GalleryCore", dependencies: ["EventStore", "JSON", "CCurl", "Guarded"],
      linkerSettings: [.linkedLibrary("dl")]),
    // Test support shared by the test targets: a TestStore and a fake HTTP provider on 127.0.0.1.
    .target(name: "GalleryTesting", dependencies: ["GalleryCore", "EventStore"]),
    // The gallery's methods over JSON-RPC: dispatch, the method catalog, state patches, OpenRPC.
    .target(name: "RPCServer", dependencies: ["JSONRPC", "GalleryCore", "EventStore", "Guarded"]),
    // The gallery as an MCP server: tools derived from the method catalog, the state as resources.
    .target(name: "MCPServer", dependencies: ["RPCServer", "JSON", "JSONRPC", "GalleryCore", "EventStore"]),
    // The typed Swift client: requests generated from openrpc.json, a state mirror, stdio or in-process.
    .target(name: "GalleryClient", dependencies: ["GalleryCore", "JSON", "JSONRPC", "RPCServer", "Guarded"]),
    // The executable: serve (default), demo, replay, verify, repair.
    .executableTarget(
      name: "gallery-rpc", dependencies: ["RPCServer", "MCPServer", "JSONRPC", "GalleryCore", "EventStore"]),
    // The reference web frontend's bridge: serves Web/ and relays the page to one gallery-rpc.
    .executableTarget(
      name: "gallery-web",
      dependencies: ["GalleryCore", "EventStore", "RPCServer", "JSONRPC", "gallery-rpc", "Guarded"]),
    // The Swift client's example (README): sign in, the feed's first photos, a detail and back.
    .executableTarget(
      name: "swift-client-example", dependencies: ["GalleryClient"], path: "Examples/swift_client"),
    // Test support: appends to a log and prints each committed seq (crash tests kill it).
    .executableTarget(name: "eventlog-writer", dependencies: ["EventStore"], path: "Tools/eventlog-writer"),
    // Benchmarks measured against baselines in the same run (see BENCHMARKS.md).
    .executableTarget(
      name: "gallery-bench",
      dependencies: [
        "EventStore", "GalleryCore", "GalleryTesting", "JSON", "JSONRPC", "RPCServer", "gallery-rpc",
      ],
      path: "Tools/gallery-bench"),
    .testTarget(
      name: "EventStoreTests",
      dependencies: ["EventStore", "JSON", "GalleryClient", "GalleryTesting", "eventlog-writer"]),
    .testTarget(
      name: "RPCServerTests",
      dependencies: [
        "RPCServer", "MCPServer", "GalleryClient", "GalleryCore", "GalleryTesting", "EventStore",
        "gallery-rpc",
        "gallery-web",
      ]),
    .testTarget(
      name: "GalleryClientTests",
      dependencies: ["GalleryClient", "GalleryCore", "GalleryTesting", "gallery-rpc"]),
    .testTarget(
      name: "GalleryCoreTests", dependencies: ["GalleryCore", "GalleryTesting", "EventStore"],
      exclude: ["Fixtures", "Recordings"]),
  ],
  swiftLanguageModes: [.v6]
)

// A generic type's metadata is reached through its accessor, never rebuilt from its mangled
// name: rebuilding checks the type's requirements, and the first check of each conformance
// scans every conformance record in the process (about 160,000 instructions each). A start
// made about 120 such checks (45 M instructions, half of `replay`'s start), and the first
// snapshot of a session as many, on the keystroke that took it (BENCHMARKS.md).
//
// It is a compiler flag, which SwiftPM refuses in a package another depends on by version
// (`GalleryClient` is a library product): so only where this package is built itself, not
// from a dependency's checkout (`.build/checkouts/…`, Xcode's `SourcePackages/checkouts/…`),
// where the code is the same and only its first snapshot slower.
if !Context.packageDirectory.contains("/checkouts/") {
  for target in package.targets where !["CCRC32C", "CCurl"].contains(target.name) {
    target.swiftSettings =
      (target.swiftSettings ?? []) + [
        .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])
      ]
  }
}
