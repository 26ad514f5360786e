/// The favorites' facts recorded in the log: what was kept (as it was shown), forgotten and
/// opened. No provider is asked, so each works offline.
public enum FavoritesEvents {
  static let all: [any EventPayload.Type] = [Added.self, Removed.self, Opened.self]

  /// A photo kept, described as its screen showed it.
  public struct Added: EventPayload {
    public static let type = "favorites.added"
    public static let role: EventRole<Self> = .input(method: "favorites/add") { e, _ in
      .favorites(.add(key: e.card.source))
    }
    public static let documented = EventDoc(
      data:
        #"`card` (the photo as kept: `source` (the key it was shown under), `title`, `author`, `thumbnailURL`, `imageURL`, `width`, `height`)"#,
      recordedWhen: #"`favorites/add`: a photo shown on a screen was kept, under the key `favorite:SOURCE`"#)
    public var card: PhotoCard
    public init(card: PhotoCard) { self.card = card }
  }

  /// A kept photo forgotten (`key`: its favorite key).
  public struct Removed: EventPayload {
    public static let type = "favorites.removed"
    public static let role: EventRole<Self> = .input(method: "favorites/remove") { e, _ in
      .favorites(.remove(key: e.key))
    }
    public static let documented = EventDoc(
      data: #"`key` (its favorite key)"#,
      recordedWhen: #"`favorites/remove`: a kept photo was forgotten"#)
    public var key: String
    public init(key: String) { self.key = key }
  }

  /// A kept photo opened on its own screen.
  public struct Opened: EventPayload {
    public static let type = "favorites.opened"
    public static let role: EventRole<Self> = .input(method: "favorites/open") { e, _ in
      .favorites(.open(key: e.key))
    }
    public static let documented = EventDoc(
      data: #"`key` (its favorite key)"#,
      recordedWhen: #"`favorites/open`: a kept photo opened on its own screen (`/favorites/open`)"#)
    public var key: String
    public init(key: String) { self.key = key }
  }
}
