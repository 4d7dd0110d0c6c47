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

  /// An open container: where its members are, and the next one to print. Plain
  /// pointers, so that opening, stepping through and closing a container retains and
  /// releases nothing: the members belong to the containers of the value printed, which
  /// `write` keeps alive and which cannot change while it is shared.
  private struct Frame {
    var values: UnsafePointer<JSONValue>
    /// The keys of an object, aligned with `values`; `nil` for an array.
    var keys: UnsafePointer<String>?
    var count: Int
    /// The members in the order printed (keys sorted), when not the order written;
    /// allocated for the frame and freed when it closes.
    var order: UnsafeMutablePointer<Int>?
    var next = 0
  }

  /// Writes the JSON text of `value`, with an explicit stack of open containers (no
  /// recursion on depth). The innermost container is kept apart from the stack, in
  /// locals, so that stepping through its members touches no array but its own.
  func write(_ value: JSONValue, to out: inout JSONTextWriter) {
    withExtendedLifetime(value) {
      var parents: [Frame] = []
      var top: Frame
      let root = withUnsafePointer(to: value) { writeValue(at: $0, depth: 0, to: &out) }
      if let opened = root {
        top = opened
      } else {
        return
      }
      var depth = 1
      while true {
        let next = top.next
        if next == top.count {
          // The innermost container is done: close it, back to its parent.
          top.order?.deallocate()
          newline(depth: depth - 1, to: &out)
          out.append(top.keys == nil ? UInt8(ascii: "]") : UInt8(ascii: "}"))
          depth -= 1
          guard depth > 0 else { return }
          top = parents.removeLast()
          continue
        }
        top.next = next &+ 1
        if next > 0 { out.append(UInt8(ascii: ",")) }
        newline(depth: depth, to: &out)
        let member = top.order?[next] ?? next
        if let keys = top.keys {
          out.appendQuoted(at: keys + member)
          out.append(UInt8(ascii: ":"))
          if indent != nil { out.append(UInt8(ascii: " ")) }
        }
        if let opened = writeValue(at: top.values + member, depth: depth, to: &out) {
          parents.append(top)
          top = opened
          depth += 1
        }
      }
    }
  }

  /// Writes a scalar, an empty container, or a container printed from its bytes; else
  /// writes the container's opening bracket and returns its frame. The value is read in
  /// place: a copy of each value printed cost a retain and a release.
  private func writeValue(
    at value: UnsafePointer<JSONValue>, depth: Int, to out: inout JSONTextWriter
  ) -> Frame? {
    switch value.pointee {
    case .null: out.append("null")
    case .bool(let b): out.append(b ? "true" : "false")
    case .number(let n): writeNumber(n, to: &out)
    case .string(let s): out.appendQuoted(s)
    case .array(let a): return open(a.storage, depth: depth, to: &out)
    case .object(let o): return open(o.storage, depth: depth, to: &out)
    }
    return nil
  }

  @inline(__always)
  private func writeNumber(_ n: JSONNumber, to out: inout JSONTextWriter) {
    if let numberText {
      out.appendUTF8(numberText(n))
    } else {
      out.appendUTF8(n.literal)
    }
  }

  /// Writes an empty container, or one printed from its bytes; else the opening bracket,
  /// returning the container's frame.
  private func open(_ storage: JSONContainerStorage, depth: Int, to out: inout JSONTextWriter)
    -> Frame?
  {
    if !sortKeys, transcodes(storage, depth, &out) { return nil }
    let (members, keys) = storage.memberPointers()
    let isObject = keys != nil
    let count = members.count
    guard count > 0, let values = members.baseAddress else {
      out.append(isObject ? "{}" : "[]")
      return nil
    }
    out.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
    let keyBase = keys?.baseAddress
    var frame = Frame(values: values, keys: keyBase, count: count)
    if sortKeys, let keys = keyBase {
      let order = UnsafeMutablePointer<Int>.allocate(capacity: count)
      let sorted = (0..<count).sorted { JSONValue.codePointOrder(keys[$0], keys[$1]) }
      order.initialize(from: sorted, count: count)
      frame.order = order
    }
    return frame
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
