// gallery-rpc: the executable. Subcommands grow with the product; see `gallery-rpc --help`.
import EventStore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

let usage = """
  usage: gallery-rpc <command> [options]

  commands:
    verify LOG     check every line of an event log; exit 0 when clean, 1 on any problem
    repair LOG     keep the valid prefix of a damaged log; the original is moved aside, never deleted
    --help         this text
    --version      the version

  """

func printError(_ text: String) {
  FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}

var arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.isEmpty ? "--help" : arguments.removeFirst()
switch command {
case "--help", "-h", "help":
  print(usage, terminator: "")
case "--version":
  print("gallery-rpc \(GalleryRPCVersion.text)")
case "verify":
  guard arguments.count == 1 else {
    printError("gallery-rpc verify: expected one LOG path\n\n\(usage)")
    exit(2)
  }
  exit(VerifyCommand.run(path: arguments[0]))
case "repair":
  guard arguments.count == 1 else {
    printError("gallery-rpc repair: expected one LOG path\n\n\(usage)")
    exit(2)
  }
  exit(VerifyCommand.repair(path: arguments[0]))
default:
  printError("gallery-rpc: unknown command \(String(reflecting: command))\n\n\(usage)")
  exit(2)
}
