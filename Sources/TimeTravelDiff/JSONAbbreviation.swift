import TimeTravelJSON

/// Abbreviates values printed as compact JSON so that a long value fits on a line and
/// what changed stays in view.
///
/// One value (a listing) is cut to a prefix: `"https://example.com/pa…"`. Two values
/// (the old and new side of a change) are cut to the same window around the first
/// place their printed text differs, with `…` on each side where text was left out:
///
/// ```
/// - "url": "…&k11=v1&k12=v1"
/// + "url": "…&k11=v1&k12=v2"
/// ```
///
/// A string keeps its quotes and is cut inside them; other values are cut in their
/// printed text (`{"id":"todo-035",…`). Cuts never fall inside an escape sequence such
/// as `\u001b` or a surrogate pair, nor between a character and its combining marks,
/// so the output is always the printer's escaped, terminal-safe text. Widths count
/// characters of that text (a character with its marks counts one), markers and quotes
/// included.
public enum JSONAbbreviation {
  /// The least width the functions use; a smaller `limit` is raised to it, so that a
  /// window can show something besides its markers.
  public static let minimumLimit = 8

  /// `value` as compact JSON, whole when it has at most `limit` characters, otherwise
  /// its first characters and `…`: `"Buy oat m…"` (a string keeps its closing quote),
  /// `{"id":"todo-035","isCo…`.
  ///
  /// - Parameters:
  ///   - value: The value to print.
  ///   - limit: The most characters to print (at least ``minimumLimit``).
  /// - Complexity: O(n) in the printed size of `value`.
  public static func prefix(_ value: JSONValue, limit: Int) -> String {
    let limit = max(limit, minimumLimit)
    let printed = Printed(value, quoted: value.isString)
    guard !printed.fits(limit) else { return printed.text }
    return printed.window(from: printed.body.lowerBound, start: 0, limit: limit)
  }

  /// `old` and `new` as compact JSON, both whole when each has at most `limit`
  /// characters; otherwise both cut to the same window, at most `limit` characters
  /// each, that holds the first character where their printed text differs, with
  /// about a third of the window before it (more when little follows it), and `…`
  /// where text was left out.
  ///
  /// Strings are compared and cut inside their quotes (`"…&k12=v2"`); a string and a
  /// value of another type, or two containers, are compared in their whole printed
  /// text. When one text is a prefix of the other, the window holds the end of the
  /// shorter one.
  ///
  /// - Parameters:
  ///   - old: The value before the change.
  ///   - new: The value after it.
  ///   - limit: The most characters to print for each side (at least
  ///     ``minimumLimit``).
  /// - Returns: The two printed sides, in the order given.
  /// - Complexity: O(n) in the printed size of the two values: a one-megabyte string
  ///   changed in its middle is compared once and cut once.
  public static func pair(_ old: JSONValue, _ new: JSONValue, limit: Int) -> (
    old: String, new: String
  ) {
    pair(old, new, limit: limit, skipping: true)
  }

  /// ``pair(_:_:limit:)``, stepping over a long shared beginning only when `skipping`
  /// (tests compare the two).
  static func pair(_ old: JSONValue, _ new: JSONValue, limit: Int, skipping: Bool) -> (
    old: String, new: String
  ) {
    let limit = max(limit, minimumLimit)
    let quoted = old.isString && new.isString
    let a = Printed(old, quoted: quoted)
    let b = Printed(new, quoted: quoted)
    if a.fits(limit), b.fits(limit) { return (a.text, b.text) }
    let budget = limit - (quoted ? 2 : 0)
    // Walk both texts a unit at a time up to the first difference, keeping the
    // starts of the last `budget` units: the window starts at one of them. A long
    // common beginning of two containers is stepped over by its bytes first, to a
    // place between two members well before the difference.
    let skip = quoted || !skipping ? nil : Printed.sharedStart(a, b, keeping: 16 * budget)
    if let skip, let window = Self.window(a, b, from: skip, budget: budget, limit: limit) {
      return window
    }
    return Self.window(a, b, from: nil, budget: budget, limit: limit)
      ?? (prefix(old, limit: limit), prefix(new, limit: limit))
  }

  /// The two windows of ``pair(_:_:limit:)``, walking from `skip` (a unit boundary in
  /// the shared beginning of both texts) or from the start; `nil` when walking from
  /// `skip` passed fewer than `budget` units before the difference (a window might have
  /// started earlier), or, walking from the start, when the texts are the same.
  private static func window(
    _ a: Printed, _ b: Printed, from skip: String.Index?, budget: Int, limit: Int
  ) -> (old: String, new: String)? {
    var i = skip ?? a.body.lowerBound
    var j =
      skip.map {
        b.text.utf8.index(
          b.body.lowerBound, offsetBy: a.text.utf8.distance(from: a.body.lowerBound, to: $0))
      } ?? b.body.lowerBound
    // Any positive offset after a skip: only differences of offsets matter, and a
    // window starting past the body's start gets its `…`.
    var offset = skip == nil ? 0 : 1
    var units = 0
    var recent = RingBuffer<(a: String.Index, b: String.Index, offset: Int)>(capacity: budget)
    while i < a.body.upperBound, j < b.body.upperBound {
      let unitA = a.text.unit(at: i, before: a.body.upperBound)
      let unitB = b.text.unit(at: j, before: b.body.upperBound)
      guard a.text.utf8[i..<unitA.end].elementsEqual(b.text.utf8[j..<unitB.end]) else { break }
      recent.append((i, j, offset))
      offset += unitA.width
      units += 1
      i = unitA.end
      j = unitB.end
    }
    // The same text (values that differ in a way printing does not show).
    if i == a.body.upperBound, j == b.body.upperBound { return nil }
    if skip != nil, units < budget { return nil }
    recent.append((i, j, offset))
    // A third of the window before the difference, more when what follows is short.
    let rest = max(
      a.text.width(from: i, to: a.body.upperBound, atMost: budget),
      b.text.width(from: j, to: b.body.upperBound, atMost: budget))
    let before = max((budget - 2) / 3, budget - 1 - rest)
    let start = recent.first { offset - $0.offset <= before } ?? (i, j, offset)
    return (
      a.window(from: start.a, start: start.offset, limit: limit),
      b.window(from: start.b, start: start.offset, limit: limit)
    )
  }
}

/// A value's compact text, and the part of it that may be cut (inside the quotes of a
/// string when `quoted`). Positions are in the Unicode scalar view, where every index
/// is a valid place to cut.
private struct Printed {
  /// A place in both texts (the same bytes up to it) just after a `,`, `:`, `[` or `{`
  /// outside a string, at least `keeping` bytes before the first byte where they differ:
  /// a unit boundary from which a walk to the difference passes enough units for any
  /// window. `nil` when the texts part too early for a skip to pay.
  static func sharedStart(_ a: Printed, _ b: Printed, keeping: Int) -> String.Index? {
    var x = a.text
    var y = b.text
    let found: Int? = x.withUTF8 { p in
      y.withUTF8 { q in
        var common = 0
        let n = min(p.count, q.count)
        while common < n, p[common] == q[common] { common += 1 }
        let limit = common - keeping
        guard limit > keeping else { return nil }
        var inString = false
        var escaped = false
        var boundary: Int?
        for k in 0..<limit {
          let byte = p[k]
          if inString {
            if escaped {
              escaped = false
            } else if byte == UInt8(ascii: "\\") {
              escaped = true
            } else if byte == UInt8(ascii: "\"") {
              inString = false
            }
          } else if byte == UInt8(ascii: "\"") {
            inString = true
          } else if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":")
            || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{")
          {
            boundary = k + 1
          }
        }
        return boundary
      }
    }
    return found.map { a.text.utf8.index(a.text.utf8.startIndex, offsetBy: $0) }
  }

  let text: String
  let quoted: Bool
  let body: Range<String.Index>

  init(_ value: JSONValue, quoted: Bool) {
    text = JSONPrinter.compact.print(value)
    self.quoted = quoted
    let scalars = text.unicodeScalars
    body =
      quoted
      ? scalars.index(after: scalars.startIndex)..<scalars.index(before: scalars.endIndex)
      : scalars.startIndex..<scalars.endIndex
  }

  /// Whether the whole text has at most `limit` characters.
  func fits(_ limit: Int) -> Bool {
    text.utf8.count <= limit
      || text.width(from: text.startIndex, to: text.endIndex, atMost: limit) <= limit
  }

  /// The text from `index` (a unit boundary `start` characters into the body) in at
  /// most `limit` characters, with `…` for what is left out on either side.
  func window(from index: String.Index, start: Int, limit: Int) -> String {
    var budget = limit - (quoted ? 2 : 0)
    var out = quoted ? "\"" : ""
    if start > 0 {
      out += "…"
      budget -= 1
    }
    if text.width(from: index, to: body.upperBound, atMost: budget) <= budget {
      out += String(text.unicodeScalars[index..<body.upperBound])
    } else {
      var end = index
      var used = 0
      while end < body.upperBound {
        let unit = text.unit(at: end, before: body.upperBound)
        guard used + unit.width <= budget - 1 else { break }
        used += unit.width
        end = unit.end
      }
      out += String(text.unicodeScalars[index..<end]) + "…"
    }
    return out + (quoted ? "\"" : "")
  }
}

extension String {
  /// The unit of printed JSON starting at `index` (a scalar boundary before `limit`),
  /// which is never cut: a whole escape sequence (`\n`, `\u001b`, or a surrogate pair
  /// `\ud83d\ude00`), as wide as its text; otherwise one scalar with the combining
  /// marks that follow it, one character wide.
  fileprivate func unit(at index: Index, before limit: Index) -> (end: Index, width: Int) {
    let scalars = unicodeScalars
    var end = scalars.index(after: index)
    guard scalars[index] == "\\" else {
      while end < limit, scalars[end].properties.isCombiningMark { end = scalars.index(after: end) }
      return (end, 1)
    }
    // The printer escapes with ASCII only: count in UTF-8.
    let utf8 = self.utf8
    guard end < limit, scalars[end] == "u" else {
      return (end < limit ? scalars.index(after: end) : end, 2)
    }
    end = utf8.index(index, offsetBy: 6, limitedBy: limit) ?? limit
    // A high surrogate escape followed by a low one prints one character: keep both.
    if let high = hexValue(utf8[utf8.index(index, offsetBy: 2)..<end]),
      (0xD800...0xDBFF).contains(high),
      let pairEnd = utf8.index(end, offsetBy: 6, limitedBy: limit),
      utf8[end] == UInt8(ascii: "\\"), utf8[utf8.index(after: end)] == UInt8(ascii: "u"),
      let low = hexValue(utf8[utf8.index(end, offsetBy: 2)..<pairEnd]),
      (0xDC00...0xDFFF).contains(low)
    {
      return (pairEnd, 12)
    }
    return (end, utf8.distance(from: index, to: end))
  }

  private func hexValue(_ digits: Substring.UTF8View) -> Int? {
    guard digits.count == 4, digits.allSatisfy(\.isHexDigit) else { return nil }
    return digits.reduce(0) { $0 * 16 + Int(hexDigitValue($1)) }
  }

  private func hexDigitValue(_ byte: UInt8) -> UInt8 {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: byte - UInt8(ascii: "A") + 10
    }
  }

  /// The width of the units from `start` to `end`, counting no further than `atMost`
  /// (a larger result means "more than `atMost`").
  fileprivate func width(from start: Index, to end: Index, atMost: Int = .max) -> Int {
    var count = 0
    var index = start
    while index < end, count <= atMost {
      let unit = unit(at: index, before: end)
      index = unit.end
      count += unit.width
    }
    return count
  }
}

extension UInt8 {
  fileprivate var isHexDigit: Bool {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
      UInt8(ascii: "A")...UInt8(ascii: "F"):
      true
    default: false
    }
  }
}

extension Unicode.Scalar.Properties {
  /// Whether the scalar attaches to the one before it (categories Mn, Mc and Me).
  fileprivate var isCombiningMark: Bool {
    switch generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }
}

extension JSONValue {
  fileprivate var isString: Bool {
    if case .string = self { return true }
    return false
  }
}

/// The last `capacity` elements appended, oldest first.
private struct RingBuffer<Element> {
  private var storage: [Element] = []
  private var head = 0
  let capacity: Int

  init(capacity: Int) { self.capacity = max(1, capacity) }

  mutating func append(_ element: Element) {
    if storage.count < capacity {
      storage.append(element)
    } else {
      storage[head] = element
      head = (head + 1) % capacity
    }
  }

  /// The oldest element that satisfies `predicate`.
  func first(where predicate: (Element) -> Bool) -> Element? {
    for k in 0..<storage.count {
      let element = storage[(head + k) % storage.count]
      if predicate(element) { return element }
    }
    return nil
  }
}
