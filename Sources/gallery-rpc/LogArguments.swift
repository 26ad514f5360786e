/// The arguments of a command over one log (`replay`, `rerun`): `LOG [--until SEQ] [--format F]`,
/// read one way for both, each mistake said naming the command (exit 2).
struct LogArguments {
  var path: String
  var until: UInt64?
  var format: String

  /// Reads `arguments` for `command`; `formats` are the ones it takes, the first the default.
  /// Nil once the mistake is printed.
  static func read(_ arguments: [String], command: String, formats: [String], usage: String) -> LogArguments?
  {
    var path: String?
    var until: UInt64?
    var format = formats[0]
    var args = arguments[...]
    while let arg = args.popFirst() {
      switch arg {
      case "--until":
        guard let v = args.popFirst(), let n = UInt64(v) else {
          printError("gallery-rpc \(command): --until needs a seq (a whole number)")
          return nil
        }
        until = n
      case "--format":
        guard let v = args.popFirst(), formats.contains(v) else {
          printError("gallery-rpc \(command): --format must be \(formats.joined(separator: " or "))")
          return nil
        }
        format = v
      default:
        guard path == nil, !arg.hasPrefix("--") else {
          printError("gallery-rpc \(command): unexpected \(String(reflecting: arg)); \(usage)")
          return nil
        }
        path = arg
      }
    }
    guard let path else {
      printError("gallery-rpc \(command): which LOG? \(usage)")
      return nil
    }
    return LogArguments(path: path, until: until, format: format)
  }
}
