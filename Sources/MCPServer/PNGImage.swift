/// The smallest PNG writer that every viewer reads: 8-bit RGB, no filter, its zlib stream made
/// of stored (uncompressed) deflate blocks, so no compressor is needed. The size is
/// `PhotoContent`'s to bound (it scales pixels down first).
enum PNGImage {
  /// A PNG of `pixels`.
  static func encode(_ pixels: RGBPixels) -> PhotoContent.Image {
    var raw: [UInt8] = []
    raw.reserveCapacity((pixels.width * 3 + 1) * pixels.height)
    for y in 0..<pixels.height {
      raw.append(0)  // filter: none
      raw += pixels.rgb[(y * pixels.width * 3)..<((y + 1) * pixels.width * 3)]
    }
    var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header: [UInt8] = []
    append32(UInt32(pixels.width), to: &header)
    append32(UInt32(pixels.height), to: &header)
    header += [8, 2, 0, 0, 0]  // depth 8, RGB, deflate, no filter method, no interlace
    chunk("IHDR", header, to: &out)
    chunk("IDAT", zlibStored(raw), to: &out)
    chunk("IEND", [], to: &out)
    return PhotoContent.Image(bytes: out, mimeType: "image/png", width: pixels.width, height: pixels.height)
  }

  /// `data` as a zlib stream of stored blocks (RFC 1950, RFC 1951 §3.2.4).
  static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let end = min(start + 65535, data.count)
      let length = UInt16(end - start)
      out.append(end == data.count ? 1 : 0)
      out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
      out += data[start..<end]
      start = end
    } while start < data.count
    append32(adler32(data), to: &out)
    return out
  }

  /// One chunk: length, type, data and the CRC-32 of type and data.
  static func chunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
    append32(UInt32(data.count), to: &out)
    let typed = Array(type.utf8) + data
    out += typed
    append32(crc32(typed), to: &out)
  }

  static func append32(_ v: UInt32, to out: inout [UInt8]) {
    out += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
  }

  /// CRC-32 (ISO 3309, the one PNG and zlib's gzip use; not the log's CRC-32C).
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return b << 16 | a
  }
}
