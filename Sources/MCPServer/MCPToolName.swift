import JSON
import RPCServer

/// The one rule that names a method's tool: each `/` of the method's name becomes `_`
/// (`auth/setEmail` → `auth_setEmail`), so every name is in the characters every model API
/// takes in a tool's name (`^[a-zA-Z0-9_-]{1,64}$`; some refuse `.` and `/`). No method name
/// holds a `_`, so the rule goes both ways (`MCPToolCatalog` checks it).
public enum MCPToolName {
  /// The tool's name for a method's.
  public static func tool(forMethod method: String) -> String {
    String(method.map { $0 == "/" ? "_" : $0 })
  }

  /// Whether `name` keeps to the characters and length every model API takes (1 to 64).
  public static func isAllowed(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 64
      && name.unicodeScalars.allSatisfy { s in
        (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") || s == "_" || s == "-"
      }
  }
}
