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
  /// numbers as jq 1.8 does (`1e2` as `1E+2`). It must give a plain integer literal
  /// (`-?[0-9]+`) as it stands: printing from a value's source bytes calls it only for
  /// the other numbers.
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
    var out = JSONTextWriter(capacity: Self.expectedSize(of: value))
    write(value, to: &out)
    return out.string()
  }

  /// Appends the JSON text of `value` to `out` as UTF-8.
  /// - Complexity: O(size of the output); see `JSONTextWriter` for how strings are copied.
  public func write(_ value: JSONValue, to out: inout [UInt8]) {
    var writer = JSONTextWriter(capacity: Self.expectedSize(of: value))
    write(value, to: &writer)
    writer.append(to: &out)
  }

  /// About the size of `value`'s text, for the writer's first buffer: its source's size
  /// when it is a container still held as its bytes (printed compactly from them, it
  /// takes about as much), so that the buffer does not grow a dozen times; else a small
  /// buffer.
  private static func expectedSize(of value: JSONValue) -> Int {
    guard let (_, start, end) = value.containerStorage?.unbuiltSource else { return 256 }
    return end - start + 17
  }

  /// An open container: its members and the next one to print.
  private struct Frame {
    var values: [JSONValue]
    /// The keys of an object; empty for an array.
    var keys: [String]
    var isObject: Bool
    /// The members in the order printed (keys sorted), when not the order written.
    var order: [Int]?
    var next = 0
  }

  /// Writes the JSON text of `value`, with an explicit stack of open containers (no
  /// recursion on depth). The innermost container is kept apart from the stack, in
  /// locals, so that stepping through its members touches no array but its own.
  func write(_ value: JSONValue, to out: inout JSONTextWriter) {
    var parents: [Frame] = []
    var top = Frame(values: [], keys: [], isObject: false)
    var depth = 0
    var current = value
    while true {
      var opened: Frame?
      switch current {
      case .null: out.append("null")
      case .bool(let b): out.append(b ? "true" : "false")
      case .number(let n): out.appendUTF8(numberText?(n) ?? n.literal)
      case .string(let s): out.appendQuoted(s)
      case .array(let a) where !sortKeys && transcodes(a.storage, depth, &out):
        break
      case .object(let o) where !sortKeys && transcodes(o.storage, depth, &out):
        break
      case .array(let a):
        let elements = a.elements
        if elements.isEmpty {
          out.append("[]")
        } else {
          out.append(UInt8(ascii: "["))
          opened = Frame(values: elements, keys: [], isObject: false)
        }
      case .object(let o):
        let values = o.values
        if values.isEmpty {
          out.append("{}")
        } else {
          out.append(UInt8(ascii: "{"))
          let keys = o.keys
          var order: [Int]?
          if sortKeys {
            order = Array(keys.indices).sorted { JSONValue.codePointOrder(keys[$0], keys[$1]) }
          }
          opened = Frame(values: values, keys: keys, isObject: true, order: order)
        }
      }
      if let opened {
        if depth > 0 { parents.append(top) }
        top = opened
        depth += 1
      }
      // The next value to print: the next member of the innermost open container,
      // closing those that are done.
      while true {
        guard depth > 0 else { return }
        let next = top.next
        if next == top.values.count {
          newline(depth: depth - 1, to: &out)
          out.append(top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
          depth -= 1
          if depth > 0 { top = parents.removeLast() }
          continue
        }
        top.next = next + 1
        if next > 0 { out.append(UInt8(ascii: ",")) }
        newline(depth: depth, to: &out)
        let member = top.order?[next] ?? next
        if top.isObject {
          top.keys.withUnsafeBufferPointer { out.appendQuoted($0[member]) }
          out.append(UInt8(ascii: ":"))
          if indent != nil { out.append(UInt8(ascii: " ")) }
        }
        if writeScalar(in: top.values, at: member, to: &out) { continue }
        current = top.values[member]
        break
      }
    }
  }

  /// Writes the member at `i` of `values` when it is a scalar, read in place (a copy of
  /// each value printed cost a retain and a release); `false`, writing nothing, for a
  /// container.
  @inline(__always)
  private func writeScalar(in values: [JSONValue], at i: Int, to out: inout JSONTextWriter)
    -> Bool
  {
    values.withUnsafeBufferPointer { buffer in
      switch buffer[i] {
      case .null: out.append("null")
      case .bool(let b): out.append(b ? "true" : "false")
      case .number(let n): out.appendUTF8(numberText?(n) ?? n.literal)
      case .string(let s): out.appendQuoted(s)
      case .array, .object: return false
      }
      return true
    }
  }

  /// Prints a container not built yet straight from its bytes (`JSONTranscoder`);
  /// `false` when it is built, or the transcoder declines.
  private func transcodes(
    _ storage: JSONContainerStorage, _ depth: Int, _ out: inout JSONTextWriter
  ) -> Bool {
    guard let (document, start, end) = storage.unbuiltSource else { return false }
    let transcoder = JSONTranscoder(
      indent: indent, maxIndentLevel: maxIndentLevel, numberText: numberText)
    return transcoder.write(document.bytes, from: start, to: end, depth: depth, to: &out)
  }

  private func newline(depth: Int, to out: inout JSONTextWriter) {
    guard let indent else { return }
    out.appendNewline(indent: indent * min(depth, maxIndentLevel))
  }

  /// Appends `s` as a quoted, escaped JSON string.
  package static func writeString(_ s: String, to out: inout [UInt8]) {
    var writer = JSONTextWriter()
    writer.appendQuoted(s)
    writer.append(to: &out)
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
