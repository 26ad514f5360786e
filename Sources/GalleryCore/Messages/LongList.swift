/// A list of the state too long to render messages in as JSON on a language switch: rows by
/// the thousand, each of which, walked as a JSON tree and decoded again, cost about 78,000
/// instructions. Its rows hold messages only in their images, so `AppState.rerenderMessages`
/// takes the list out before it walks the rest of the state and renders each row's images
/// typed. A feature declares its long lists beside its
/// image slots (`ShowsImages.longLists`); `LongListTests` holds that each row type has no
/// message anywhere else, and that the result is the whole walk's.
struct LongList: Sendable {
  /// Where the list is, as a JSON Pointer.
  let path: String
  /// The row type, for the test that every message of a row is in a declared image.
  let row: any Sendable.Type
  /// The paths of a row's images, as its members are named in Swift.
  let images: [String]
  /// Takes the list out of the state (left empty), returning what puts it back with each
  /// row's image messages rendered in a language.
  let setAside: @Sendable (inout AppState) -> Restore

  /// Puts a list taken out back, rendered in `Language`.
  typealias Restore = (inout AppState, Language) -> Void

  /// The list at `list`, emptied by assigning `empty`, whose rows show `images`.
  static func list<List: MutableCollection & Sendable>(
    _ path: String, _ list: WritableKeyPath<AppState, List> & Sendable, empty: List,
    images: [(name: String, image: WritableKeyPath<List.Element, ImageState> & Sendable)]
  ) -> LongList where List.Element: Sendable {
    let names = images.map(\.name)
    let paths = images.map(\.image)
    return LongList(
      path: path, row: List.Element.self, images: names,
      setAside: { state in
        var rows = state[keyPath: list]
        state[keyPath: list] = empty
        return { state, language in
          // Only rows with a message are written: the others stay shared with the state before.
          for i in rows.indices {
            for image in paths {
              guard let error = rows[i][keyPath: image].error else { continue }
              rows[i][keyPath: image].error = error.rendered(in: language)
            }
          }
          state[keyPath: list] = rows
        }
      })
  }

  /// A list at `list` whose rows hold no message at all (ids by the thousand): set aside and
  /// put back as it was.
  static func list<List: Collection & Sendable>(
    _ path: String, _ list: WritableKeyPath<AppState, List> & Sendable, empty: List
  ) -> LongList where List.Element: Sendable {
    LongList(
      path: path, row: List.Element.self, images: [],
      setAside: { state in
        let rows = state[keyPath: list]
        state[keyPath: list] = empty
        return { state, _ in state[keyPath: list] = rows }
      })
  }
}
