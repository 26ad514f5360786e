/// A password kept as PBKDF2-HMAC-SHA256 with a per-account random salt: what the demo
/// backend writes to disk instead of the password, so a registration survives a restart and
/// the file never holds a password.
public struct PasswordHash: Codable, Equatable, Sendable {
  /// Hex of the random salt.
  public var salt: String
  public var iterations: Int
  /// Hex of the derived key.
  public var hash: String

  /// Enough to make guessing slow; the demo backend is not a vault.
  public static let defaultIterations = 10_000

  /// Hashes `password` with a fresh salt.
  public init(password: String, iterations: Int = PasswordHash.defaultIterations) {
    var generator = SystemRandomNumberGenerator()
    let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
    self.salt = Self.hex(salt)
    self.iterations = iterations
    self.hash = Self.hex(Self.derive(Array(password.utf8), salt: salt, iterations: iterations))
  }

  /// Whether `password` is the one hashed (compared in constant time).
  public func matches(_ password: String) -> Bool {
    guard let salt = Self.bytes(fromHex: salt), (1...1_000_000).contains(iterations) else { return false }
    let derived = Self.hex(Self.derive(Array(password.utf8), salt: salt, iterations: iterations))
    guard derived.utf8.count == hash.utf8.count else { return false }
    return zip(derived.utf8, hash.utf8).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
  }

  /// PBKDF2 (RFC 8018) with HMAC-SHA256, one block of 32 bytes. The key's two padded blocks
  /// are hashed once, not at every round: a round is then two compressions of one block.
  static func derive(_ password: [UInt8], salt: [UInt8], iterations: Int) -> [UInt8] {
    let mac = HMAC(key: password)
    var u = mac.code(salt + [0, 0, 0, 1])
    var result = u
    for _ in 1..<max(1, iterations) {
      u = mac.code(u)
      for i in 0..<result.count { result[i] ^= u[i] }
    }
    return result
  }

  /// HMAC-SHA256 (RFC 2104) under one key: the states after its inner and outer pads.
  struct HMAC {
    let inner: SHA256.State
    let outer: SHA256.State

    init(key: [UInt8]) {
      var k = key.count > 64 ? SHA256.digest(key) : key
      k += [UInt8](repeating: 0, count: 64 - k.count)
      var inner = SHA256.State()
      inner.absorb(blocks: k.map { $0 ^ 0x36 })
      var outer = SHA256.State()
      outer.absorb(blocks: k.map { $0 ^ 0x5C })
      (self.inner, self.outer) = (inner, outer)
    }

    /// The code of `message`.
    func code(_ message: [UInt8]) -> [UInt8] { outer.digest(after: inner.digest(after: message)) }
  }

  /// Lowercase hex of `bytes` (as they are, not their digest).
  static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] }, as: UTF8.self)
  }

  private static func bytes(fromHex hex: String) -> [UInt8]? {
    let digits = Array(hex.utf8)
    guard digits.count % 2 == 0, digits.count <= 256 else { return nil }
    var out: [UInt8] = []
    for i in stride(from: 0, to: digits.count, by: 2) {
      guard let byte = UInt8(String(decoding: digits[i..<i + 2], as: UTF8.self), radix: 16) else {
        return nil
      }
      out.append(byte)
    }
    return out
  }
}
