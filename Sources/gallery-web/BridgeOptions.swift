import EventStore
import Foundation
import GalleryCore
import RPCServer

/// What `gallery-web` was asked to do: where to listen, what to serve, which core to run.
struct BridgeOptions: Sendable {
  var host = "127.0.0.1"
  /// 0 picks a free port.
  var port: UInt16 = 8080
  /// The page's files (index.html, app.js, style.css).
  var webRoot: String
  /// Where the TypeScript client's module is (`gallery-client.js`): Clients/typescript.
  var clientRoot: String
  /// The `gallery-rpc` binary to start.
  var server: String
  /// The core's data directory (also where thumbnails are served from and uploads staged).
  var dataDirectory: String
  /// Further flags for `gallery-rpc serve`, after `--`.
  var serverArguments: [String] = []
  /// `--inspect FILE`: a log or bundle shown read-only in the inspector (no provider, no effect).
  var inspect: String?
  /// `--attach DIR`: the page (and its History panel) follows the live core another process
  /// owns in DIR, through its attach point, as observe, or as drive with `--drive`.
  var attach: String?
  var drive = false
  /// Connections open at once; more are answered 503.
  var maxConnections = 64
  /// Seconds a client has to send its whole request.
  var requestTimeout = 10
  /// The app the page is (`initializationOptions`): `--sign-in`, `--home` and the start
  /// settings (`--page-size`, `--language`, `--appearance`); the core checks them.
  var initializationOptions: [String: JSONValue] = [:]

  /// Adds `value` under `initializationOptions.settings.name`.
  mutating func startSetting(_ name: String, _ value: JSONValue) {
    var settings: [String: JSONValue] = [:]
    if case .object(let named)? = initializationOptions["settings"] { settings = named }
    settings[name] = value
    initializationOptions["settings"] = .object(settings)
  }

  /// The shapes the core takes (`AppShape`), named as the flags take them.
  static let signIns = AppShape.SignIn.allCases.map(\.rawValue)
  static let homes = AppShape.homes.map(\.rawValue)

  static let usage = """
    usage: gallery-web [--port N] [--host ADDR] [--data-dir DIR] [--web-root DIR] [--server PATH] [-- gallery-rpc flags]
           gallery-web --inspect LOG_OR_BUNDLE [--port N]
           gallery-web --attach DIR [--drive] [--port N]
      Starts one gallery-rpc process and serves the reference web page that drives it.
      --inspect   serve a log or bug-report bundle read-only in the inspector (time travel; nothing runs)
      --attach    follow the live session of the core another process serves in DIR (its History
                  panel live, time travel over its log); --drive acts too, when its owner admits it
      --admit observe|drive   what clients attached to this bridge's core may do (default observe)
      --port      where to listen (default 8080; 0 picks a free port)
      --host      the address to listen on (default 127.0.0.1; the page has no other protection than a per-run token)
      --data-dir  the core's data directory (default as gallery-rpc: $GALLERY_DATA_DIR, $XDG_DATA_HOME/gallery-rpc, ~/.local/share/gallery-rpc)
      --web-root  the page's files (default: Web/ in this checkout)
      --server    the gallery-rpc binary (default: the one beside gallery-web)
      --sign-in \(signIns.joined(separator: "|"))   the app's shape: sign in first (default) or not
      --home \(homes.joined(separator: "|"))   the app's home tab (default \(AppShape().home.rawValue))
      --page-size N, --language en|es, --appearance system|light|dark   the settings the app starts with
        (what no user chose; e.g. PaleBlueTask: --sign-in none --home feed --page-size 16)
      --max-connections N   connections open at once (default 64); more are answered 503
      --request-timeout S   seconds a client has to send its whole request (default 10)
      after --    flags for gallery-rpc, e.g. -- --feed pixabay
    """

  /// Why the arguments cannot be used.
  struct Problem: Error, CustomStringConvertible { var description: String }

  static func parse(_ arguments: [String], environment: [String: String]) throws(Problem) -> BridgeOptions {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent()
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var options = BridgeOptions(
      webRoot: repository.appendingPathComponent("Web").path,
      clientRoot: repository.appendingPathComponent("Clients/typescript").path,
      server: executable.appendingPathComponent("gallery-rpc").path,
      dataDirectory: environment["GALLERY_DATA_DIR"] ?? ServerConfiguration.defaultDataDirectory(environment))
    var rest = arguments[...]
    func value(_ flag: String) throws(Problem) -> String {
      guard let next = rest.popFirst() else { throw Problem(description: "\(flag) needs a value") }
      return next
    }
    while let flag = rest.popFirst() {
      switch flag {
      case "--":
        options.serverArguments += Array(rest)
        rest = []
      case "--port":
        let text = try value(flag)
        guard let port = UInt16(text) else {
          throw Problem(description: "--port must be 0 to 65535, not \(text)")
        }
        options.port = port
      case "--sign-in", "--home":
        let text = try value(flag)
        let allowed = flag == "--home" ? homes : signIns
        guard allowed.contains(text) else {
          throw Problem(description: "\(flag) must be one of \(allowed.joined(separator: ", ")), not \(text)")
        }
        options.initializationOptions[flag == "--home" ? "home" : "signIn"] = .string(text)
      case "--language", "--appearance":
        options.startSetting(String(flag.dropFirst(2)), .string(try value(flag)))
      case "--page-size":
        let text = try value(flag)
        guard let n = Int(text) else {
          throw Problem(description: "--page-size must be a whole number, not \(text)")
        }
        options.startSetting("pageSize", .number(Double(n)))
      case "--admit":
        let text = try value(flag)
        guard AttachRole(rawValue: text) != nil else {
          throw Problem(description: "--admit must be observe or drive, not \(text)")
        }
        options.serverArguments += ["--admit", text]
      case "--attach": options.attach = try value(flag)
      case "--drive": options.drive = true
      case "--host": options.host = try value(flag)
      case "--data-dir": options.dataDirectory = try value(flag)
      case "--web-root": options.webRoot = try value(flag)
      case "--server": options.server = try value(flag)
      case "--inspect":
        let file = try value(flag)
        guard FileManager.default.isReadableFile(atPath: file) else {
          throw Problem(description: "--inspect: cannot read \(file)")
        }
        options.inspect = URL(fileURLWithPath: file).standardizedFileURL.path
      case "--max-connections", "--request-timeout":
        let text = try value(flag)
        guard let n = Int(text), (1...100_000).contains(n) else {
          throw Problem(description: "\(flag) must be a whole number from 1 to 100000, not \(text)")
        }
        if flag == "--max-connections" { options.maxConnections = n } else { options.requestTimeout = n }
      default: throw Problem(description: "unknown option \(flag)\n\(usage)")
      }
    }
    if let attach = options.attach {
      // The live core's options are its owner's: this bridge only joins it.
      guard options.inspect == nil, options.serverArguments.isEmpty else {
        throw Problem(
          description:
            "--attach joins a core another process owns: its options are the owner's (no --inspect, --admit or gallery-rpc flags)"
        )
      }
      options.dataDirectory = attach
      options.serverArguments = ["--attach"] + (options.drive ? ["--drive"] : [])
    } else if options.drive {
      throw Problem(description: "--drive goes with --attach DIR")
    }
    if let inspect = options.inspect {
      // The core reads a copy of the file; this directory only holds what the bridge needs.
      // Named for this process, so a dead bridge's directory is swept by the next one.
      options.dataDirectory = ScratchDirectory.path(prefix: "gallery-web-inspect-")
      options.serverArguments += ["--inspect", inspect]
    }
    options.dataDirectory = URL(fileURLWithPath: options.dataDirectory).standardizedFileURL.path
    if options.serverArguments.contains(where: { $0 == "--data-dir" || $0.hasPrefix("--framing") }) {
      throw Problem(description: "pass --data-dir to gallery-web itself; the bridge chooses the framing")
    }
    return options
  }
}
