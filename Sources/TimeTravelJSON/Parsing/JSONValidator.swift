/// A strict RFC 8259 validator that builds nothing: it answers "is this one
/// JSON value, and where does it end?" at several hundred MB/s.
///
/// It accepts exactly what ``JSONParser`` accepts (strings must be valid
/// UTF-8, escapes well formed, no leading zeros, any nesting depth), so a
/// caller can validate the big parts of a document cheaply, keep their byte
/// ranges, and parse them only when needed. It reports no error details:
/// when validation fails, parse the same bytes with ``JSONParser`` for the
/// message, line and column (see ``validate(_:)``).
///
/// Why no recursion and no allocation: nesting is tracked with one bit per
/// level (array or object) in a 64-bit word, spilling to an array only beyond
/// 64 levels, so a 100,000-deep value costs 12.5 KB and a typical state none.
///
/// Complexity: O(n) in the bytes, one pass.
public enum JSONValidator {
  /// Whether `bytes` hold exactly one JSON value, with optional whitespace
  /// around it. Agrees with ``JSONParser/parse(bytes:)-(UnsafeBufferPointer<UInt8>)`` succeeding.
  public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    var scanner = Scanner(base: base, end: bytes.count)
    scanner.skipWhitespace()
    guard scanner.skipValue() else { return false }
    scanner.skipWhitespace()
    return scanner.offset == bytes.count
  }

  /// Checks that `bytes` hold exactly one JSON value.
  /// - Throws: the ``JSONParseError`` that ``JSONParser`` reports for the same
  ///   bytes, so messages and columns are the parser's, exactly.
  public static func validate(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
    if isValid(bytes) { return }
    _ = try JSONParser.parse(eagerly: bytes)
  }

  /// The offset just past the JSON value that starts at `start` (after
  /// optional whitespace), or `nil` when no valid value starts there.
  /// Trailing bytes are not examined, so this can step over one member of a
  /// larger document.
  /// - Complexity: O(length of the value).
  public static func endOfValue(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = bytes.baseAddress, start <= bytes.count else { return nil }
    var scanner = Scanner(base: base, end: bytes.count)
    scanner.offset = start
    scanner.skipWhitespace()
    return scanner.skipValue() ? scanner.offset : nil
  }

  /// The byte-level scanner shared by the validator and ``EntryScanner``: an offset over
  /// the bytes, stepped by ``JSONSkipper``. Every read is at an offset below `end`.
  package struct Scanner {
    let base: UnsafePointer<UInt8>
    let end: Int
    package var offset = 0

    package init(base: UnsafePointer<UInt8>, end: Int) {
      self.base = base
      self.end = end
    }

    @inline(__always) package var peek: UInt8? { offset < end ? base[offset] : nil }

    @inline(__always) package mutating func skipWhitespace() {
      offset = JSONSkipper.skipWhitespace(base, offset, end)
    }

    /// Skips one value at `offset` (no leading whitespace). `false` when it is
    /// not valid; `offset` is then unspecified.
    package mutating func skipValue() -> Bool {
      let next = JSONSkipper.skipValue(base, offset, end)
      guard next >= 0 else { return false }
      offset = next
      return true
    }

    /// ``skipValue()``, telling `observer` where each non-empty container opens and
    /// closes (specialized per observer, so the plain scan pays nothing for it).
    mutating func skipValue<Observer: ContainerObserver>(observing observer: inout Observer)
      -> Bool
    {
      let next = JSONSkipper.skipValue(base, offset, end, observing: &observer)
      guard next >= 0 else { return false }
      offset = next
      return true
    }

    /// Steps over the value at `offset` when its bytes begin with `span`, the whole text
    /// of a valid object or array, and says whether it did: as much checked as by
    /// ``skipValue()`` (see ``JSONSkipper/skipRepeated(_:_:_:_:)``), with one `memcmp`.
    package mutating func skip(repeating span: UnsafeBufferPointer<UInt8>) -> Bool {
      let next = JSONSkipper.skipRepeated(base, offset, end, span)
      guard next >= 0 else { return false }
      offset = next
      return true
    }

    /// Skips a string whose opening quote is at `offset`, checking escapes and
    /// UTF-8; sets `hadEscape` when it contains a backslash.
    package mutating func skipString(hadEscape: inout Bool) -> Bool {
      let next = JSONSkipper.skipString(base, offset, end, hadEscape: &hadEscape)
      guard next >= 0 else { return false }
      offset = next
      return true
    }
  }

  /// Told where each non-empty container of a scanned value opens and closes (byte
  /// offsets of its brackets), in document order.
  protocol ContainerObserver {
    mutating func opened(at offset: Int)
    mutating func closed(at offset: Int)
  }

  struct NoContainerObserver: ContainerObserver {
    @inline(__always) func opened(at offset: Int) {}
    @inline(__always) func closed(at offset: Int) {}
  }

  /// Which open containers are objects, one bit per level: the innermost 64 levels in a
  /// word (bit 0 the innermost), the outer ones spilled to an array, 64 at a time, only
  /// when a value nests that deep.
  struct NestingStack {
    private(set) var depth = 0
    /// The innermost levels, bit 0 the innermost (all of them up to 64 levels).
    private(set) var bits: UInt64 = 0
    private var spilled: [UInt64] = []

    init() {}

    /// The stack of `depth` levels (at most 64) whose kinds are `bits`, as ``bits`` gives
    /// them: how a skipper resumes at a recorded state.
    init(depth: Int, bits: UInt64) {
      self.depth = depth
      self.bits = bits
    }

    @inline(__always) var topIsObject: Bool { bits & 1 == 1 }

    @inline(__always) mutating func push(isObject: Bool) {
      if depth & 63 == 0, depth > 0 {
        spilled.append(bits)
        bits = 0
      }
      bits = bits << 1 | (isObject ? 1 : 0)
      depth &+= 1
    }

    @inline(__always) mutating func pop() {
      bits >>= 1
      depth &-= 1
      if depth & 63 == 0, depth > 0 { bits = spilled.removeLast() }
    }
  }
}
