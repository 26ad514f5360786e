import Foundation

/// Where a configured key may be sent: to the origin (scheme, host, port) of the base URL it
/// was configured with, or to a host the operator allowed at start (`--key-hosts`). A named
/// environment defined at run time (by any client, an assistant's included) that points a
/// service elsewhere gets the service without its key, so no key reaches a host the operator
/// did not name.
enum KeyDestination {
  /// Whether a key configured for `configured` may go to `url`.
  static func allows(_ url: String, configured: String, hosts: Set<String>) -> Bool {
    guard let wanted = origin(url) else { return false }
    if let home = origin(configured), home == wanted { return true }
    return hosts.contains(wanted.host) || hosts.contains("\(wanted.host):\(wanted.port)")
  }

  /// A URL's scheme, host (lower case) and port (the scheme's default when none is written).
  static func origin(_ text: String) -> (scheme: String, host: String, port: Int)? {
    guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
      let host = components.host?.lowercased(), !host.isEmpty
    else { return nil }
    let port = components.port ?? (scheme == "https" ? 443 : 80)
    return (scheme, host, port)
  }
}
