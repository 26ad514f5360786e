import EventStore
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Image bytes on disk within a byte budget, least recently used evicted first. Files are
/// named by the SHA-256 of the image's URL (`cache/ab/ab12…`), never by a provider's id or
/// URL, so nothing a provider sends can make us write outside the folder. The folder itself
/// is the index: it is scanned at start, so the cache survives restarts.
///
/// Paths handed out are relative to `root` (the data directory), e.g. `cache/ab/ab12…`, so
/// events and state stay the same on any machine a log is replayed on.
public final class ImageCache: Sendable {
  /// The folder the relative paths start from.
  public let root: String
  /// The cache folder's name under `root`.
  public let folder: String
  public var directory: String { "\(root)/\(folder)" }
  /// What the cache holds and may hold, by entry name (the SHA-256 of the URL).
  private struct Ledger {
    var entries: [String: (size: Int, lastUse: UInt64)] = [:]
    var total = 0
    var tick: UInt64 = 0
    var budget: Int

    /// Marks `name` used now.
    mutating func use(_ name: String, size: Int) {
      if let old = entries[name] { total -= old.size }
      tick += 1
      entries[name] = (size, tick)
      total += size
    }

    /// Forgets the least recently used entries (never `keeping`) until the total fits the
    /// budget; returns their names (their files are removed outside the lock).
    mutating func evict(keeping: String? = nil) -> [String] {
      var evicted: [String] = []
      while total > budget {
        guard
          let victim = entries.filter({ $0.key != keeping }).min(by: { $0.value.lastUse < $1.value.lastUse })
        else { break }
        entries[victim.key] = nil
        total -= victim.value.size
        evicted.append(victim.key)
      }
      return evicted
    }
  }
  private let ledger: Mutex<Ledger>
  /// The bytes it may hold.
  public var budget: Int { ledger.withLock { $0.budget } }

  /// Opens (creating) `root/folder` and evicts down to `budget` bytes.
  public init(root: String, folder: String = "cache", budget: Int) throws {
    self.root = root
    self.folder = folder
    let directory = "\(root)/\(folder)"
    try OwnerOnly.makeFolder(directory)
    var found: [(name: String, size: Int, modified: Date)] = []
    for shard in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    where shard.count == 2 {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: "\(directory)/\(shard)")) ?? []
      // A store a crash interrupted leaves its temp file: nobody else removes it.
      for name in names where name.hasSuffix(".tmp") { unlink("\(directory)/\(shard)/\(name)") }
      for name in names where name.count == 64 && name.hasPrefix(shard) && name.allSatisfy(\.isHexDigit) {
        let file = URL(fileURLWithPath: "\(directory)/\(shard)/\(name)")
        let values = try? file.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey])
        guard let size = values?.fileSize, size > 0 else { continue }
        found.append((name, size, values?.contentModificationDate ?? .distantPast))
      }
    }
    var ledger = Ledger(budget: max(0, budget))
    for entry in found.sorted(by: { $0.modified < $1.modified }) { ledger.use(entry.name, size: entry.size) }
    let evicted = ledger.evict()
    self.ledger = Mutex(ledger)
    _ = remove(evicted)
  }

  /// The bytes held now.
  public var totalBytes: Int { ledger.withLock { $0.total } }

  /// The file for an entry name, relative to `root`.
  func path(ofName name: String) -> String { "\(folder)/\(name.prefix(2))/\(name)" }

  /// The absolute path of a relative one this cache handed out.
  public func absolute(_ relative: String) -> String { "\(root)/\(relative)" }

  /// The cached file for `url`, marking it used, or nil.
  public func lookup(_ url: String) -> String? {
    let name = SHA256.hex(Array(url.utf8))
    let held = ledger.withLock { ledger -> Bool in
      guard let entry = ledger.entries[name] else { return false }
      ledger.use(name, size: entry.size)
      return true
    }
    guard held else { return nil }
    let path = path(ofName: name)
    try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: absolute(path))
    return path
  }

  /// Stores the image at `url`; returns its file and the files evicted to make room.
  public func store(_ bytes: [UInt8], for url: String) throws(RequestFailure) -> (
    path: String, evicted: [String]
  ) {
    let budget = self.budget
    guard bytes.count <= budget else {
      throw RequestFailure(
        kind: .tooLarge,
        detail: "an image of \(bytes.count) bytes is larger than the cache budget of \(budget)",
        limitBytes: budget, reason: "image.tooLarge")
    }
    let name = SHA256.hex(Array(url.utf8))
    let path = path(ofName: name)
    // The cache's own folders are made again if removed, never the data directory above
    // them: a download that finishes after its owner removed that directory fails instead
    // of leaving a directory nobody owns.
    for folder in [directory, "\(directory)/\(name.prefix(2))"]
    where mkdir(folder, OwnerOnly.folderMode) != 0 && errno != EEXIST {
      throw RequestFailure(kind: .malformed, detail: "could not write to the image cache: \(root) is gone")
    }
    let temp = "\(absolute(path)).\(UUID().uuidString).tmp"
    guard (try? OwnerOnly.writeNew(bytes, to: temp)) != nil else {
      throw RequestFailure(kind: .malformed, detail: "could not write to the image cache")
    }
    // A cache needs no fsync: a file lost to a crash is downloaded again. The temp file is
    // this call's: renamed into place, or removed (and swept at the next start after a crash).
    guard rename(temp, absolute(path)) == 0 else {
      unlink(temp)
      throw RequestFailure(kind: .malformed, detail: "could not write to the image cache")
    }
    let evicted = ledger.withLock { ledger in
      ledger.use(name, size: bytes.count)
      return ledger.evict(keeping: name)
    }
    return (path, remove(evicted))
  }

  /// Changes the budget, evicting at once if it shrank; returns the files evicted.
  public func setBudget(_ bytes: Int) -> [String] {
    remove(
      ledger.withLock { ledger in
        ledger.budget = max(0, bytes)
        return ledger.evict()
      })
  }

  /// Removes the files of evicted entries; their paths relative to `root`.
  private func remove(_ names: [String]) -> [String] {
    names.map { name in
      let path = path(ofName: name)
      try? FileManager.default.removeItem(atPath: absolute(path))
      return path
    }
  }
}
