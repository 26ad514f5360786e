/// The favorites' facts recorded in the log: what was kept (as it was shown), forgotten and
/// opened. No provider is asked, so each works offline.
public enum FavoritesEvents {
  static let all: [any EventPayload.Type] = [Added.self, Removed.self, Opened.self]

  /// A photo kept, described as its screen showed it.
  public struct Added: EventPayload {
    public static let type = "favorites.added"
    public var card: PhotoCard
    public init(card: PhotoCard) { self.card = card }
  }

  /// A kept photo forgotten (`key`: its favorite key).
  public struct Removed: EventPayload {
    public static let type = "favorites.removed"
    public var key: String
    public init(key: String) { self.key = key }
  }

  /// A kept photo opened on its own screen.
  public struct Opened: EventPayload {
    public static let type = "favorites.opened"
    public var key: String
    public init(key: String) { self.key = key }
  }
}
