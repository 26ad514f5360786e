import JSON
import RPCServer

/// The one rule that names a method's tool: MCP allows `A-Z a-z 0-9 _ - .` in a tool's name,
/// so each `/` of the method's name becomes `.` (`auth/setEmail` → `auth.setEmail`). No method
/// name holds a `.` beside a `/`, so the rule goes both ways (`MCPToolCatalog` checks it).
public enum MCPToolName {
  /// The tool's name for a method's.
  public static func tool(forMethod method: String) -> String {
    String(method.map { $0 == "/" ? "." : $0 })
  }

  /// Whether `name` keeps to MCP's characters and length (1 to 128).
  public static func isAllowed(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 128
      && name.unicodeScalars.allSatisfy { s in
        (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") || s == "_" || s == "-"
          || s == "."
      }
  }
}
