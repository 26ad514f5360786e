/// A photo file made into what an assistant's model can look at: PNG, JPEG, GIF and WebP go
/// as they are; an uncompressed BMP (the demo providers' pictures) becomes a PNG, scaled down
/// until it fits. Every answer is at most `maxBytes` before base64.
enum PhotoContent {
  /// The most image bytes one answer carries (about 1.4 MB once base64).
  static let maxBytes = 1 << 20
  /// The most bytes of a file read to make one (a larger file is refused unread).
  static let maxFileBytes = 32 << 20

  /// Why a file cannot be shown, in words for the assistant.
  struct Refusal: Error, Equatable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// An image ready to send: its bytes, MIME type and size in pixels where known.
  struct Image: Equatable {
    var bytes: [UInt8]
    var mimeType: String
    var width: Int?
    var height: Int?
  }

  /// The image `file` holds, or why it cannot be shown.
  static func make(_ file: [UInt8]) -> Result<Image, Refusal> {
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      file.count >= offset + prefix.count && Array(file[offset..<offset + prefix.count]) == prefix
    }
    let passed: String?
    if starts([0x89, 0x50, 0x4E, 0x47]) {
      passed = "image/png"
    } else if starts([0xFF, 0xD8, 0xFF]) {
      passed = "image/jpeg"
    } else if starts(Array("GIF8".utf8)) {
      passed = "image/gif"
    } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
      passed = "image/webp"
    } else {
      passed = nil
    }
    if let passed {
      guard file.count <= maxBytes else {
        return .failure(
          Refusal("the image is \(file.count) bytes, past the \(maxBytes) bytes one answer carries"))
      }
      return .success(Image(bytes: file, mimeType: passed))
    }
    guard starts(Array("BM".utf8)) else {
      return .failure(Refusal("the file is not an image this tool shows (PNG, JPEG, GIF, WebP or BMP)"))
    }
    return bitmap(file).map { pixels in
      PNGImage.encode(pixels.scaled(toFit: maxBytes - 1024))
    }
  }

  /// The pixels of a 24- or 32-bit uncompressed BMP.
  static func bitmap(_ file: [UInt8]) -> Result<RGBPixels, Refusal> {
    func int32(_ at: Int) -> Int {
      guard at + 4 <= file.count else { return 0 }
      let v =
        UInt32(file[at]) | UInt32(file[at + 1]) << 8 | UInt32(file[at + 2]) << 16 | UInt32(file[at + 3]) << 24
      return Int(Int32(bitPattern: v))
    }
    let offset = int32(10)
    let width = int32(18)
    let rawHeight = int32(22)
    let bits = file.count > 29 ? Int(file[28]) | Int(file[29]) << 8 : 0
    let compression = int32(30)
    let height = abs(rawHeight)
    guard (bits == 24 || bits == 32), compression == 0, width > 0, height > 0, width <= 1 << 14,
      height <= 1 << 14
    else { return .failure(Refusal("the BMP is not a plain 24- or 32-bit one")) }
    let bytesPerPixel = bits / 8
    let row = (width * bytesPerPixel + 3) & ~3
    guard offset >= 26, offset + row * height <= file.count else {
      return .failure(Refusal("the BMP is cut short"))
    }
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      // Bottom-up unless the height is negative.
      let source = offset + (rawHeight > 0 ? height - 1 - y : y) * row
      for x in 0..<width {
        let i = source + x * bytesPerPixel
        let o = (y * width + x) * 3
        rgb[o] = file[i + 2]
        rgb[o + 1] = file[i + 1]
        rgb[o + 2] = file[i]
      }
    }
    return .success(RGBPixels(width: width, height: height, rgb: rgb))
  }
}

/// An image's pixels, 8-bit RGB, row by row from the top.
struct RGBPixels: Equatable {
  var width: Int
  var height: Int
  var rgb: [UInt8]

  /// Every `step`-th pixel of every `step`-th row, for the smallest step whose PNG (stored,
  /// a filter byte per row) takes at most `bytes`.
  func scaled(toFit bytes: Int) -> RGBPixels {
    var step = 1
    while ((width + step - 1) / step * 3 + 1) * ((height + step - 1) / step) > bytes { step += 1 }
    guard step > 1 else { return self }
    let w = (width + step - 1) / step
    let h = (height + step - 1) / step
    var out = [UInt8](repeating: 0, count: w * h * 3)
    for y in 0..<h {
      for x in 0..<w {
        let i = ((y * step) * width + x * step) * 3
        let o = (y * w + x) * 3
        out[o] = rgb[i]
        out[o + 1] = rgb[i + 1]
        out[o + 2] = rgb[i + 2]
      }
    }
    return RGBPixels(width: w, height: h, rgb: out)
  }
}
