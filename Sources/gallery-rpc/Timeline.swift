import EventStore
import Foundation
import GalleryCore

/// Prints events one per line with the state paths each one changed: what `replay
/// --format timeline` and `demo` show.
enum Timeline {
  /// `   7  12:00:00.250  auth.fieldEdited  {"field":"email",…}` and the paths changed.
  static func line(_ record: EventRecord, before: AppState, after: AppState) -> String {
    let full = String(decoding: record.data, as: UTF8.self)
    let data = full.count > 160 ? full.prefix(157) + "..." : full
    let time = String(record.timeText.dropFirst(11).dropLast())
    var text = "\(String(record.seq).leftPadded(5))  \(time)  \(record.type)  \(data)"
    let changed = changedPaths(before, after)
    let shown =
      changed.prefix(6).joined(separator: ", ") + (changed.count > 6 ? " (+\(changed.count - 6) more)" : "")
    text += changed.isEmpty ? "\n         (no visible change)" : "\n         changed: " + shown
    return text
  }

  static func changedPaths(_ before: AppState, _ after: AppState) -> [String] {
    guard let a = try? JSONValue(encoding: before), let b = try? JSONValue(encoding: after) else { return [] }
    return JSONPatch.diff(a, b).map { op in
      guard let value = op.value else { return op.path + " removed" }
      let text = String(decoding: JSONWriter.bytes(value), as: UTF8.self)
      return "\(op.path)=\(text.count > 80 ? text.prefix(77) + "..." : text)"
    }
  }
}

extension String {
  func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
