/// Bytes being written: what every writer of JSON (a log line, an answer, a patch, an event's
/// data) appends to. An append is a bounds check and a copy, where an `[UInt8]`'s costs about
/// 100 instructions a call (its generic sequence path), most of a short write's cost: a
/// keystroke's answer, notification and log line are about 30 short appends.
///
/// Owner: the writer that made it, alone (it cannot be copied), and its memory is freed when
/// it ends. Bound: what is written into it, which each writer bounds where its
/// input is read (a request's line, an event's data, a page of a provider); it grows by
/// doubling.
public struct JSONOutput: ~Copyable {
  @usableFromInline var base: UnsafeMutablePointer<UInt8>
  @usableFromInline var used: Int
  @usableFromInline var capacity: Int

  /// An empty output with room for `capacity` bytes before it grows.
  @inlinable
  public init(capacity: Int = 256) {
    self.capacity = Swift.max(16, capacity)
    base = .allocate(capacity: self.capacity)
    used = 0
  }

  deinit { base.deallocate() }

  /// How many bytes were written.
  @inlinable public var count: Int { used }

  /// Whether nothing was written.
  @inlinable public var isEmpty: Bool { used == 0 }

  /// The last byte written, if any.
  @inlinable public var last: UInt8? { used == 0 ? nil : base[used - 1] }

  /// Writes at most `limit` bytes in place: `body` gets where the next byte goes, with room
  /// for `limit`, and returns how many it wrote (a number's digits, with no buffer between).
  @inlinable @inline(__always)
  public mutating func write(upTo limit: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    if capacity &- used < limit { grow(by: limit) }
    let written = body(base + used)
    precondition(written >= 0 && written <= limit, "wrote past the room asked for")
    used &+= written
  }

  /// Appends one byte.
  @inlinable @inline(__always)
  public mutating func append(_ byte: UInt8) {
    if used == capacity { grow(by: 1) }
    base[used] = byte
    used &+= 1
  }

  /// Appends `count` bytes from `start`.
  @inlinable @inline(__always)
  public mutating func append(_ start: UnsafePointer<UInt8>, count n: Int) {
    if capacity &- used < n { grow(by: n) }
    (base + used).update(from: start, count: n)
    used &+= n
  }

  /// Appends a fixed text's bytes (a message's fixed parts: `{"seq":`).
  @inlinable @inline(__always)
  public mutating func append(_ text: StaticString) {
    append(text.utf8Start, count: text.utf8CodeUnitCount)
  }

  /// Appends `bytes`.
  @inlinable
  public mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    guard let start = bytes.baseAddress else { return }
    append(start, count: bytes.count)
  }

  /// Appends `bytes`.
  @inlinable
  public mutating func append(contentsOf bytes: UnsafeRawBufferPointer) {
    append(contentsOf: bytes.assumingMemoryBound(to: UInt8.self))
  }

  /// Appends `bytes`.
  @inlinable
  public mutating func append(contentsOf bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
  }

  /// Appends `bytes`.
  @inlinable
  public mutating func append(contentsOf bytes: ArraySlice<UInt8>) {
    bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
  }

  /// Appends what `other` holds.
  @inlinable
  public mutating func append(contentsOf other: borrowing JSONOutput) {
    append(other.base, count: other.used)
  }

  /// Appends a text's UTF-8.
  @inlinable
  public mutating func append(contentsOf text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }

  /// Makes room for at least `n` more bytes: doubles, or more when `n` needs it.
  @usableFromInline @inline(never)
  mutating func grow(by n: Int) {
    let wanted = Swift.max(capacity &* 2, used + n)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: wanted)
    grown.update(from: base, count: used)
    base.deallocate()
    base = grown
    capacity = wanted
  }

  /// Forgets the last `n` bytes written (at most what was written).
  @inlinable
  public mutating func removeLast(_ n: Int) {
    precondition(n >= 0 && n <= used, "removing more than was written")
    used -= n
  }

  /// Forgets everything written, keeping the room it took.
  @inlinable
  public mutating func removeAll() { used = 0 }

  /// The byte at `index` (below `count`).
  @inlinable
  public subscript(index: Int) -> UInt8 {
    get {
      precondition(index >= 0 && index < used, "index out of what was written")
      return base[index]
    }
    set {
      precondition(index >= 0 && index < used, "index out of what was written")
      base[index] = newValue
    }
  }

  /// Reads what was written in place.
  @inlinable
  public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
    try body(UnsafeRawBufferPointer(start: base, count: used))
  }

  /// A copy of what was written, as an array (for a value that outlives the output).
  @inlinable
  public var bytes: [UInt8] {
    [UInt8](UnsafeBufferPointer(start: base, count: used))
  }

  /// What `write` writes, as an array: written into an output of `capacity` bytes, then
  /// copied once into an array of its size. (Writing into an array's own room instead,
  /// `Array(unsafeUninitializedCapacity:)`, costs about 700 instructions a call: that
  /// initializer asks the runtime for the array's type each time.)
  @inlinable
  public static func bytes(capacity: Int = 256, _ write: (inout JSONOutput) throws -> Void) rethrows
    -> [UInt8]
  {
    var out = JSONOutput(capacity: capacity)
    try write(&out)
    return out.bytes
  }
}

extension Array where Element == UInt8 {
  /// Appends what `output` holds.
  @inlinable
  public mutating func append(contentsOf output: borrowing JSONOutput) {
    output.withUnsafeBytes { append(contentsOf: $0) }
  }
}
