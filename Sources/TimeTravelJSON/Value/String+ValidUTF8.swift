extension String {
  /// A copy of `bytes`, which must be valid UTF-8, as a string, without checking them
  /// again; `isASCII` says that every byte is below 0x80 (which lets the string count
  /// its characters and scalars without decoding).
  ///
  /// Why: the parser has already checked every byte of a document (`JSONSkipper`), and a
  /// printer's bytes come from strings and checked documents, so the standard library's
  /// own check (`String(decoding:as:)`) would only repeat work: it was 46% of `tojson`'s
  /// time and 7.5% of building a tree. Before the toolchains whose standard library has
  /// `UTF8Span` (macOS and iOS 26), the check is made anyway. Debug builds and the fuzz
  /// targets (`-D CHECK_VALID_UTF8`) check the bytes, and stop if they are not valid.
  @inline(__always)
  package init(validUTF8 bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) {
    #if DEBUG || CHECK_VALID_UTF8
      precondition(String(validating: bytes, as: UTF8.self) != nil, "not valid UTF-8")
      precondition(!isASCII || Self.isASCII(bytes), "not ASCII")
    #endif
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      self = String(
        copying: UTF8Span(unchecked: Span(_unsafeElements: bytes), isKnownASCII: isASCII))
    } else {
      self = String(decoding: bytes, as: UTF8.self)
    }
  }

  /// ``init(validUTF8:isASCII:)`` for bytes whose ASCII-ness is not known: found first, at
  /// eight bytes a step (several times faster than checking the UTF-8).
  @inline(__always)
  package init(validUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    self.init(validUTF8: bytes, isASCII: Self.isASCII(bytes))
  }

  /// Whether every byte of `bytes` is below 0x80.
  @inline(__always)
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var i = 0
    var high: UInt64 = 0
    while i &+ 32 <= bytes.count {
      high |=
        raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        | raw.loadUnaligned(fromByteOffset: i &+ 8, as: UInt64.self)
        | raw.loadUnaligned(fromByteOffset: i &+ 16, as: UInt64.self)
        | raw.loadUnaligned(fromByteOffset: i &+ 24, as: UInt64.self)
      i &+= 32
    }
    while i &+ 8 <= bytes.count {
      high |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      i &+= 8
    }
    var tail: UInt8 = 0
    while i < bytes.count {
      tail |= base[i]
      i &+= 1
    }
    return high & 0x8080_8080_8080_8080 == 0 && tail < 0x80
  }
}
