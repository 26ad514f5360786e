// gallery-rpc: the executable. `gallery-rpc --help` lists the commands.
import EventStore
import Foundation
import GalleryCore
import JSONRPC
import RPCServer

#if canImport(Glibc)
  import Glibc
#endif

let usage = """
  usage: gallery-rpc [serve] [options]        serve JSON-RPC 2.0 on stdin/stdout (the default)
         gallery-rpc mcp [options]            the same core as an MCP server on stdio (tools, resources);
                                              on a directory a core already serves, it attaches to it
         gallery-rpc attach [--data-dir DIR] [--drive]
                                              stdio to the live core serving DIR (its attach point), as
                                              observe, or drive when its owner admits it; exit 2 if none
         gallery-rpc demo [--data-dir DIR]    a scripted walk through the product, as a timeline
         gallery-rpc replay LOG [--until SEQ] [--format state|timeline]
                                              rebuild the state from a log, without network
         gallery-rpc rerun LOG [--until SEQ] [--format text|json]
                                              run the log's inputs again on this build, offline, its
                                              requests answered from the recorded results; exit 0 when
                                              every decision is the same, 1 at the first that is not
         gallery-rpc export LOG [--from SEQ | --since DURATION] [--to SEQ] --out FILE
                                              a bug-report bundle: the state before the range and its
                                              events, in the log's format (replay, verify take it)
         gallery-rpc verify LOG               check every line; exit 0 when clean, 1 on any problem,
                                              3 when a newer build wrote it (every command exits 3 then)
                                              (LOG may be a bundle wherever a log is taken)
         gallery-rpc repair LOG               cut damaged bytes and a torn tail, kept aside; never a line
                                              this build cannot read, never a newer build's log
         gallery-rpc repair LOG --set-aside-unreadable
                                              replace each sound line this build cannot read by a
                                              log.setAside event at its seq, the line kept beside the log
         gallery-rpc openrpc                  print the OpenRPC document (protocol/openrpc.json)
         gallery-rpc --help | --version

  serve options (a flag wins over its environment variable):
    --data-dir DIR          GALLERY_DATA_DIR    default $XDG_DATA_HOME/gallery-rpc or ~/.local/share/gallery-rpc
  \(ProviderUsage.flags)
    --framing F                                 auto (default), lsp, ndjson
    --durability D                              fsync (default), batch, batch:MS, none
    --log-level L           GALLERY_LOG_LEVEL   error, warn, info (default), debug
    --max-message-bytes N                       default 16777216
    --retain-hours H        GALLERY_RETAIN_HOURS history the log keeps behind its newest event: 24 (default),
                                                1 to 87600, or all; older events become one log.base event
    --retain-bytes B        GALLERY_RETAIN_BYTES the log's size bound: 256M (default), bytes or K/M/G, or all;
                                                past it the oldest events go until half of it is kept
    --key-hosts H,H         GALLERY_KEY_HOSTS   hosts a named environment defined at run time may send the
                                                configured keys to (none by default: only their own origin)
    --consent C             GALLERY_CONSENT     destructive: an assistant (mcp) or an attached client may
                                                remove the user's things, sign out or drop credentials;
                                                none (default)
    --admit R               GALLERY_ADMIT       what a client attached at DIR/attach.sock may do: observe
                                                (default: read, follow, time travel) or drive (every action)
    --attach [--drive]                          attach to the live core serving DIR instead of opening it
                                                (gallery-rpc attach, for a client that starts serve)
    --test-clock [START]                        time stands still at START (ISO 8601 UTC, default
                                                2000-01-01T00:00:00Z) until test/advanceClock moves it
    --seed N                                    fixes every random choice that reaches the log (the random
                                                video, the OAuth state), so a test session writes the same log
  \(ProviderUsage.variables)

  """

func printError(_ text: String) {
  DiagnosticOutput.standardError.line(text)
}

func fail(_ text: String) -> Never {
  printError("gallery-rpc: \(text)")
  exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.first.map { $0.hasPrefix("-") ? "serve" : $0 } ?? "serve"
if command != "serve" || arguments.first == "serve" { arguments = Array(arguments.dropFirst()) }
if arguments.contains("--help") || arguments.contains("-h") || command == "help" {
  print(usage, terminator: "")
  exit(0)
}
if arguments.contains("--version") {
  print("gallery-rpc \(GalleryRPCVersion.text)")
  exit(0)
}

func single(_ what: String, _ arguments: [String], _ command: String) -> String {
  guard arguments.count == 1 else { fail("\(command) expects one \(what)\n\n\(usage)") }
  return arguments[0]
}

switch command {
case "serve":
  // A client that can only start `serve` attaches with `--attach`.
  exit(arguments.contains("--attach") ? AttachCommand.run(arguments) : ServeCommand.run(arguments))
case "mcp":
  exit(MCPCommand.run(arguments))
case "attach":
  exit(AttachCommand.run(arguments))
case "demo":
  exit(DemoCommand.run(arguments))
case "replay":
  exit(ReplayCommand.run(arguments))
case "rerun":
  exit(RerunCommand.run(arguments))
case "export":
  exit(ExportCommand.run(arguments))
case "verify":
  exit(VerifyCommand.run(path: single("LOG path", arguments, command)))
case "repair":
  if let flag = arguments.firstIndex(of: "--set-aside-unreadable") {
    var rest = arguments
    rest.remove(at: flag)
    exit(VerifyCommand.setAside(path: single("LOG path", rest, command)))
  }
  exit(VerifyCommand.repair(path: single("LOG path", arguments, command)))
case "openrpc":
  print(OpenRPCDocument.text(serverVersion: GalleryRPCVersion.text), terminator: "")
default:
  fail("unknown command \(String(reflecting: command))\n\n\(usage)")
}
