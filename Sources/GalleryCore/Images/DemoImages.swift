import Foundation

/// The pictures behind every demo provider's `demo://photo/N/thumbnail|large` URLs: real BMP
/// bytes made on the spot from N, so the demo feed, albums and account work offline and replay
/// exactly. Shared by every feature that shows demo photos, and by gallery-web.
public enum DemoImages {
  /// The demo photos: N is 1...count.
  public static let count = 300

  /// The size photo `n` says it has.
  public static func size(_ n: Int) -> (width: Int, height: Int) {
    (1200 + (n % 5) * 160, 800 + (n % 3) * 200)
  }

  /// Photo `n`'s color (red, green, blue), the average its picture shows.
  public static func color(_ n: Int) -> (Int, Int, Int) {
    ((n * 53) % 200 + 30, (n * 97) % 200 + 30, (n * 151) % 200 + 30)
  }

  /// The image bytes behind a `demo://photo/N/thumbnail|large` URL.
  public static func image(for url: String) -> [UInt8]? {
    let parts = url.dropFirst("demo://photo/".count).split(separator: "/")
    guard url.hasPrefix("demo://photo/"), parts.count == 2, let n = Int(parts[0]), (1...count).contains(n)
    else { return nil }
    switch parts[1] {
    case "thumbnail": return bitmap(n, width: 120, height: 90)
    // Half the size the photo says it has, in its proportions (a detail screen's image).
    case "large": return bitmap(n, width: size(n).width / 2, height: size(n).height / 2)
    default: return nil
    }
  }

  /// A 24-bit BMP: a diagonal gradient of the photo's color with stripes that differ per photo.
  /// The size in bytes of `bitmap(_:width:height:)`'s answer, known without drawing it.
  public static func bitmapSize(width: Int, height: Int) -> Int {
    let row = (width * 3 + 3) & ~3
    return 54 + row * height
  }

  public static func bitmap(_ n: Int, width: Int, height: Int) -> [UInt8] {
    let row = (width * 3 + 3) & ~3
    let size = bitmapSize(width: width, height: height)
    var out = [UInt8](repeating: 0, count: size)
    func put32(_ v: Int, at i: Int) { for k in 0..<4 { out[i + k] = UInt8((v >> (8 * k)) & 0xFF) } }
    out[0] = 0x42
    out[1] = 0x4D
    put32(size, at: 2)
    put32(54, at: 10)
    put32(40, at: 14)
    put32(width, at: 18)
    put32(height, at: 22)
    out[26] = 1
    out[28] = 24
    put32(row * height, at: 34)
    let (r, g, b) = color(n)
    let stripe = 6 + n % 11
    for y in 0..<height {
      for x in 0..<width {
        let shade =
          60 + 40 * (x + y) / (width + height) + (((x + y * (n % 3 + 1)) / stripe) % 2 == 0 ? 0 : 25)
        let i = 54 + y * row + x * 3
        out[i] = UInt8(min(255, b * shade / 100))
        out[i + 1] = UInt8(min(255, g * shade / 100))
        out[i + 2] = UInt8(min(255, r * shade / 100))
      }
    }
    return out
  }
}
