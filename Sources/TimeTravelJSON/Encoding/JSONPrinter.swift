/// Prints ``JSONValue`` as JSON text, iteratively (no recursion on depth).
///
/// Numbers print as their literal text, so big integers and `-0` survive.
/// Strings are escaped as jq does (`\"`, `\\`, `\n`, …, `\u007f`), and, for
/// terminal safety, also every character a terminal would not show as itself (C1
/// controls, format and bidi controls, separators, unusual spaces, unassigned and
/// default-ignorable code points; see `needsEscape`), so text from a log can never move
/// the cursor, recolour the terminal, reorder what a user sees, or make two different
/// strings look the same. The output is still valid JSON that parses back to the same
/// value.
public struct JSONPrinter: Sendable {
  /// Spaces per indentation level; `nil` prints compactly on one line, as
  /// `jq -c` does.
  public var indent: Int?
  /// Print object keys in code-point order, as `jq -S` does.
  public var sortKeys: Bool
  /// Indentation stops growing past this many levels, so that printing a
  /// deeply nested value stays linear in its size instead of quadratic.
  public var maxIndentLevel: Int = 100
  /// The text of each number; `nil` prints its literal. The jq module sets it to print
  /// numbers as jq 1.8 does (`1e2` as `1E+2`).
  package var numberText: (@Sendable (JSONNumber) -> String)?

  /// A printer; by default compact with keys in their original order.
  public init(indent: Int? = nil, sortKeys: Bool = false) {
    self.indent = indent
    self.sortKeys = sortKeys
  }

  /// `jq -c` style: one line, no spaces.
  public static let compact = JSONPrinter()
  /// `jq` style: two-space indentation, `"key": value`.
  public static let pretty = JSONPrinter(indent: 2)

  /// The JSON text of `value`. O(size of the output).
  public func print(_ value: JSONValue) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(64)
    write(value, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  private enum Frame {
    case array(JSONArray, next: Int)
    case object(JSONObject, order: [Int], next: Int)
  }

  /// Appends the JSON text of `value` to `out` as UTF-8.
  public func write(_ value: JSONValue, to out: inout [UInt8]) {
    var stack: [Frame] = []
    var current: JSONValue? = value
    while true {
      if let value = current {
        current = nil
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): out.append(contentsOf: (numberText?(n) ?? n.literal).utf8)
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let a):
          if a.isEmpty {
            out.append(contentsOf: "[]".utf8)
          } else {
            out.append(UInt8(ascii: "["))
            stack.append(.array(a, next: 0))
          }
        case .object(let o):
          if o.isEmpty {
            out.append(contentsOf: "{}".utf8)
          } else {
            out.append(UInt8(ascii: "{"))
            var order = Array(o.keys.indices)
            if sortKeys { order.sort { JSONValue.codePointOrder(o.keys[$0], o.keys[$1]) } }
            stack.append(.object(o, order: order, next: 0))
          }
        }
      }
      guard let frame = stack.popLast() else { return }
      switch frame {
      case .array(let a, let next):
        if next == a.count {
          newline(depth: stack.count, to: &out)
          out.append(UInt8(ascii: "]"))
          continue
        }
        if next > 0 { out.append(UInt8(ascii: ",")) }
        newline(depth: stack.count + 1, to: &out)
        stack.append(.array(a, next: next + 1))
        current = a[next]
      case .object(let o, let order, let next):
        if next == order.count {
          newline(depth: stack.count, to: &out)
          out.append(UInt8(ascii: "}"))
          continue
        }
        if next > 0 { out.append(UInt8(ascii: ",")) }
        newline(depth: stack.count + 1, to: &out)
        Self.writeString(o.keys[order[next]], to: &out)
        out.append(UInt8(ascii: ":"))
        if indent != nil { out.append(UInt8(ascii: " ")) }
        stack.append(.object(o, order: order, next: next + 1))
        current = o.values[order[next]]
      }
    }
  }

  private func newline(depth: Int, to out: inout [UInt8]) {
    guard let indent else { return }
    out.append(0x0A)
    out.append(
      contentsOf: repeatElement(UInt8(ascii: " "), count: indent * min(depth, maxIndentLevel)))
  }

  /// Appends `s` as a quoted, escaped JSON string.
  package static func writeString(_ s: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for scalar in s.unicodeScalars {
      switch scalar.value {
      case 0x22: out.append(contentsOf: #"\""#.utf8)
      case 0x5C: out.append(contentsOf: #"\\"#.utf8)
      case 0x0A: out.append(contentsOf: #"\n"#.utf8)
      case 0x0D: out.append(contentsOf: #"\r"#.utf8)
      case 0x09: out.append(contentsOf: #"\t"#.utf8)
      case 0x08: out.append(contentsOf: #"\b"#.utf8)
      case 0x0C: out.append(contentsOf: #"\f"#.utf8)
      case 0x20..<0x7F: out.append(UInt8(scalar.value))
      case let v where needsEscape(v):
        // JSON escapes are UTF-16 code units: a scalar beyond U+FFFF is a surrogate pair.
        for unit in String(scalar).utf16 {
          out.append(contentsOf: "\\u".utf8)
          out.append(contentsOf: String(unit, radix: 16).leftPadded(to: 4).utf8)
        }
      default: out.append(contentsOf: String(scalar).utf8)
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  /// Whether a scalar is written as `\uXXXX`: every character a terminal would not show
  /// as itself, so that two different strings never look the same and nothing from a log
  /// can move the cursor or reorder the text around it. That is C0 and C1 controls and
  /// DEL (Cc); format characters (Cf: zero-width spaces and joiners, the bidi embedding,
  /// override and isolate controls of "Trojan Source", the byte order mark, tags); line
  /// and paragraph separators (Zl, Zp); spaces other than U+0020 (Zs: no-break and
  /// ideographic spaces look like a plain space); unassigned code points (Cn); and the
  /// other default-ignorable code points, which render as nothing (Hangul fillers,
  /// variation selectors). Escaping keeps the JSON valid and its value unchanged.
  package static func needsEscape(_ v: UInt32) -> Bool {
    if v < 0x20 || (0x7F...0xA0).contains(v) { return true }
    if v < 0xA1 { return false }
    guard let scalar = Unicode.Scalar(v) else { return true }
    let properties = scalar.properties
    switch properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .unassigned,
      .surrogate:
      return true
    default:
      return properties.isDefaultIgnorableCodePoint
    }
  }
}

extension JSONValue: CustomStringConvertible {
  /// Compact JSON text, as `jq -c` prints it.
  public var description: String { JSONPrinter.compact.print(self) }
}
