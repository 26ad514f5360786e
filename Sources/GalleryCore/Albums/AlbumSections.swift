import JSON
import Synchronization

/// The albums screen's sections (`/albums/sections`): a view derived from the cards and the
/// search, so the fold records only those facts and the sections are found when first read,
/// once. A search folded is a search to find: the state published after it finds it (its
/// patch reads it), and a replay or a restart, which folds every search ever typed and reads
/// none of them, finds only the last one's, if anything reads it. Encoded, decoded and
/// compared as the list it is (the same bytes as when the fold found it).
///
/// Owner: the state that holds it; its copies share what was found. Bound: one list of
/// sections, or, until read, the search and the cards' index it reads (shared with the cards).
public struct AlbumSections: Codable, Equatable, Sendable, RandomAccessCollection, ExpressibleByArrayLiteral {
  private let found: Found

  /// Sections found already (decoded, written out, or for a test).
  public init(_ sections: [AlbumSection]) { found = Found(.made(sections)) }

  public init(arrayLiteral sections: AlbumSection...) { self.init(sections) }

  /// The sections `search` finds in the cards `index` describes, found when first read (from
  /// the last search of those cards, `memo`).
  init(search: String, ownersKnown: Bool, in index: AlbumSearchIndex, after memo: LastSearchMemo) {
    found = Found(.toFind(search: search, ownersKnown: ownersKnown, index: index, memo: memo))
  }

  /// The sections, found now if not yet.
  public var value: [AlbumSection] { found.value }

  /// Whether they were found already (nothing but a read finds them).
  var isFound: Bool { found.isFound }

  public var startIndex: Int { 0 }
  public var endIndex: Int { value.count }
  public subscript(position: Int) -> AlbumSection { value[position] }

  /// The same sections (two that share what was found are, without finding it).
  public static func == (a: AlbumSections, b: AlbumSections) -> Bool {
    a.found === b.found || a.value == b.value
  }

  /// Decoded as the list.
  public init(from decoder: any Decoder) throws {
    self.init(try [AlbumSection](from: decoder))
  }

  /// Encoded as the list.
  public func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }

  /// What was found, or what to find it from; found once, under its lock (a search of the
  /// cards' index: no read or write of anything but memory).
  private final class Found: Sendable {
    enum State: Sendable {
      case made([AlbumSection])
      case toFind(search: String, ownersKnown: Bool, index: AlbumSearchIndex, memo: LastSearchMemo)
    }
    private let state: Mutex<State>

    init(_ state: State) { self.state = Mutex(state) }

    var isFound: Bool {
      state.withLock {
        if case .made = $0 { true } else { false }
      }
    }

    var value: [AlbumSection] {
      state.withLock { state in
        switch state {
        case .made(let sections): return sections
        case .toFind(let search, let ownersKnown, let index, let memo):
          let sections = memo.sections(search, ownersKnown: ownersKnown, in: index)
          // The index is let go once found: the sections are all that is kept.
          state = .made(sections)
          return sections
        }
      }
    }
  }
}

extension AlbumSections: SchemaDescribed {
  /// The list's schema: how it is found is not published.
  public static func schema(in recorder: SchemaRecorder) -> JSONValue {
    recorder.schema(of: [AlbumSection].self)
  }
  public static var schemaSample: AlbumSections {
    AlbumSections((try? SchemaRecorder().read([AlbumSection].self).sample) ?? [])
  }
}

/// The last search of one set of cards (`LastAlbumSearch`), for the next to start from:
/// shared by every copy of the cards and every search to find in them, whichever is read
/// first. A search's result is the same with it or without it.
///
/// Owner: `AlbumCards`, made again with its index. Bound: one search and those it keeps.
final class LastSearchMemo: Sendable {
  private let last = Mutex<LastAlbumSearch?>(nil)

  /// The sections `search` finds in `index`, kept as the last search.
  func sections(_ search: String, ownersKnown: Bool, in index: AlbumSearchIndex) -> [AlbumSection] {
    last.withLock { last in
      let found = index.search(search, ownersKnown: ownersKnown, after: last)
      last = found
      return found.sections
    }
  }
}
