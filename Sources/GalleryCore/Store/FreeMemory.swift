#if os(Linux)
  /// glibc's `malloc_trim`, which the Glibc module does not export.
  @_silgen_name("malloc_trim")
  private func mallocTrim(_ pad: Int) -> Int32

  /// glibc's `mallopt`, which the Glibc module does not export either.
  @_silgen_name("mallopt")
  private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif

/// Returns memory freed after a transient peak (a snapshot's encoding, a huge answer cut at
/// its limit) to the system, so the resident size comes back down.
public func releaseFreeMemory() {
  #if os(Linux)
    _ = mallocTrim(0)
  #endif
}

/// Keeps glibc serving large blocks (512 KiB and up) from their own mappings for the whole
/// run, for a server that holds a large state for hours.
///
/// By default glibc raises that threshold each time such a block is freed (up to 32 MiB), so
/// after the first large answer every later one comes from the heap and leaves holes between
/// the photos that outlive it. Setting the threshold (`M_MMAP_THRESHOLD`) turns the
/// adjustment off; smaller blocks are served as before.
///
/// It also keeps glibc to two heaps (`M_ARENA_MAX`). By default every thread that allocates
/// may get a heap of its own, up to 16 on two cores. HTTP exchanges ran on a thread each, so
/// a long-running server spread its freed blocks over all of them, and each kept its holes.
/// In the hostile soak, that was 60–80 MB anonymous memory after half an hour, against
/// 10–33 MB with two heaps (BENCHMARKS.md). Exchanges now share a few reused threads
/// (`ExchangeThreads`); the two heaps stay.
public func fixLargeBlockThreshold() {
  #if os(Linux)
    let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in <malloc.h>
    _ = mallopt(mmapThreshold, 512 << 10)
    let arenaMax: Int32 = -8  // M_ARENA_MAX in <malloc.h>
    _ = mallopt(arenaMax, 2)
  #endif
}

/// Decides when to give freed memory back: after every `threshold` bytes recorded, and after
/// a snapshot.
///
/// A large result (a feed page, an album) is decoded, encoded for the log and patched into
/// `state/changed` in transient blocks that land between the photos it leaves behind; glibc
/// reuses those holes but keeps them resident, one heap per thread. A trim now and then gives
/// them back while the state grows: 9 while 100,000 photos load in pages of 200, most in about
/// 0.2 ms, the largest 17 ms. The store counts under its lock and trims after releasing it,
/// so no other send waits for a trim.
struct FreeMemoryPacer: Sendable {
  /// Recorded bytes between two trims.
  let threshold: Int
  private var pending = 0
  private var due = false

  init(threshold: Int = 4 << 20) { self.threshold = threshold }

  /// Counts `bytes` just recorded; a trim is due once the count reaches the threshold.
  mutating func recorded(_ bytes: Int) {
    pending += bytes
    if pending >= threshold { due = true }
  }

  /// A trim is due now (a snapshot's encoding peaked far above what the state keeps).
  mutating func peaked() { due = true }

  /// Whether a trim is due, starting the count again if so: the caller then trims.
  mutating func takeDue() -> Bool {
    guard due else { return false }
    due = false
    pending = 0
    return true
  }
}
