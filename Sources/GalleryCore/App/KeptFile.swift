import EventStore
import Foundation

/// A small JSON file the core keeps in its data directory (registered accounts, credentials,
/// the offline copy), owned by whoever holds it and bounded by `limit`. Loading never turns
/// damage into emptiness: a file that does not decode is kept aside (`NAME.damaged-STAMP`)
/// and reported at `error`, so the next write cannot overwrite it; a file that cannot be read
/// at all is reported and left alone, and its holder refuses to write over it.
struct KeptFile<Contents: Codable & Sendable>: Sendable {
  /// What loading found.
  enum Loaded: Sendable {
    case contents(Contents)
    /// Nothing kept yet, or what was there was damaged and is now kept aside.
    case missing
    /// It cannot be read (permissions, I/O, size): writing over it would lose it.
    case unreadable(String)
  }

  let path: String
  /// The largest file read (16 MiB by default: far more than these files hold).
  var limit = 16 << 20
  /// The file's permissions (0600: only the owner reads accounts and tokens).
  var mode: UInt32 = 0o600
  /// It holds secrets: a report never quotes what the decoder said of its bytes.
  var holdsSecrets = false

  /// Reads and decodes the file; `report` hears of damage and of a file that cannot be read.
  func load(now: Int64, report: (String) -> Void) -> Loaded {
    switch OwnedFile.read(path, limit: limit) {
    case .missing: return .missing
    case .unreadable(let why):
      report("cannot read \(path): \(why); it is left as it is and nothing is written over it")
      return .unreadable(why)
    case .contents(let bytes):
      do { return .contents(try JSONCoding.decode(Contents.self, from: bytes)) } catch let decoding {
        let error = holdsSecrets ? "it does not decode" : "\(decoding)"
        let stamp = ISOTime.format(millis: now).filter { $0.isNumber || $0 == "T" }
        do {
          let aside = try OwnedFile.keepAside(path, stamp: stamp)
          report("\(path) is damaged (\(error)); it is kept as \(aside) and a new one is started")
          return .missing
        } catch let moveError {
          report(
            "\(path) is damaged (\(error)) and could not be kept aside (\(moveError)); it is left as it is")
          return .unreadable("damaged and could not be kept aside")
        }
      }
    }
  }

  /// Writes `contents` whole: a temp file, fsync, rename, directory fsync.
  func save(_ contents: Contents) throws {
    try AtomicFile.write(Array(try JSONCoding.encode(contents)), to: path, mode: mode)
  }
}
