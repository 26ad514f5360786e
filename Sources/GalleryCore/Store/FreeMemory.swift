#if os(Linux)
  /// glibc's `malloc_trim`, which the Glibc module does not export.
  @_silgen_name("malloc_trim")
  private func mallocTrim(_ pad: Int) -> Int32
#endif

/// Returns memory freed after a transient peak (a snapshot's encoding, a huge answer cut at
/// its limit) to the system, so the resident size comes back down.
func releaseFreeMemory() {
  #if os(Linux)
    _ = mallocTrim(0)
  #endif
}
