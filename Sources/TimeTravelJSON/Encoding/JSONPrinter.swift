import Synchronization

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
    Self.noteSize(of: value, out.count)
    return out.string()
  }

  /// Appends the JSON text of `value` to `out` as UTF-8.
  /// - Complexity: O(size of the output); see `JSONTextWriter` for how strings are copied.
  public func write(_ value: JSONValue, to out: inout [UInt8]) {
    var writer = JSONTextWriter(capacity: Self.expectedSize(of: value))
    write(value, to: &writer)
    Self.noteSize(of: value, writer.count)
    writer.append(to: &out)
  }

  /// About the size of `value`'s text, for the writer's first buffer, so that it does
  /// not grow a dozen times: its source's size when it is a container still held as its
  /// bytes (printed compactly from them, it takes about as much); for a built container,
  /// about the size of the last built container printed (a log's entries are alike);
  /// else a small buffer.
  private static func expectedSize(of value: JSONValue) -> Int {
    guard let storage = value.containerStorage else { return 256 }
    guard let (_, start, end) = storage.unbuiltSource else {
      return lastBuiltSize.load(ordering: .relaxed)
    }
    return end - start + 17
  }

  /// Notes the size of a built container's text for ``expectedSize(of:)``: an eighth
  /// more, capped at 64 KB so that a huge value does not make every later buffer huge.
  private static func noteSize(of value: JSONValue, _ count: Int) {
    guard value.isContainer else { return }
    lastBuiltSize.store(max(256, min(count + count / 8 + 64, 1 << 16)), ordering: .relaxed)
  }

  /// The first buffer's size for printing a built container (a hint: a race between
  /// threads only sizes a buffer differently).
  private static let lastBuiltSize = Atomic<Int>(256)

  /// An open container: where its members are, and the next one to print. Plain
  /// pointers, so that opening, stepping through and closing a container retains and
  /// releases nothing: the members belong to the containers of the value printed, which
  /// `write` keeps alive and which cannot change while it is shared.
  private struct Frame {
    var values: UnsafePointer<JSONValue>
    /// The keys of an object, aligned with `values`; `nil` for an array.
    var keys: UnsafePointer<String>?
    /// The keys printed, when the object's key array has a table (`PrintedKeyCache`).
    var keyTable: UnsafeRawPointer?
    var count: Int
    /// The members in the order printed (keys sorted), when not the order written;
    /// allocated for the frame and freed when it closes.
    var order: UnsafeMutablePointer<Int>?
    var next = 0
    /// The container's storage, and where its opening bracket is in the output, for
    /// ``PrintedContainers``.
    var storage: UnsafeRawPointer
    var start: Int
  }

  /// Writes the JSON text of `value`, with an explicit stack of open containers (no
  /// recursion on depth). The innermost container is kept apart from the stack, in
  /// locals, so that stepping through its members touches no array but its own; its
  /// scalars are written in the loop, which calls out only to open a container.
  func write(_ value: JSONValue, to out: inout JSONTextWriter) {
    withExtendedLifetime(value) {
      var keys = PrintedKeyCache(indented: indent != nil)
      var printed = PrintedContainers(expectedBytes: out.capacity - out.count)
      let root: Frame?
      switch value {
      case .array(let a): root = open(a.storage, depth: 0, &keys, &printed, to: &out)
      case .object(let o): root = open(o.storage, depth: 0, &keys, &printed, to: &out)
      default:
        writeScalar(value, to: &out)
        return
      }
      guard var top = root else { return }
      // The open containers outside the innermost one.
      var parents = MoveStack<Frame>(capacity: 16)
      var depth = 1
      while true {
        let next = top.next
        if next == top.count {
          // The innermost container is done: close it, back to its parent.
          top.order?.deallocate()
          if indent != nil { newline(depth: depth - 1, to: &out) }
          out.append(top.keys == nil ? UInt8(ascii: "]") : UInt8(ascii: "}"))
          printed.note(top.storage, depth: depth - 1, start: top.start, end: out.count)
          depth -= 1
          guard depth > 0 else { return }
          top = parents.pop()
          continue
        }
        top.next = next &+ 1
        let member = top.order?[next] ?? next
        if let table = top.keyTable, indent == nil {
          // `,"key":`, without the comma before the first member.
          let (start, end) = PrintedKeyCache.bounds(ofKey: member, in: table)
          let from = next == 0 ? start &+ 1 : start
          out.appendBytes(table + from, end &- from)
        } else {
          if next > 0 { out.append(UInt8(ascii: ",")) }
          if indent != nil { newline(depth: depth, to: &out) }
          if let table = top.keyTable {
            let (start, end) = PrintedKeyCache.bounds(ofKey: member, in: table)
            out.appendBytes(table + start, end &- start)
          } else if let keys = top.keys {
            out.appendQuoted(at: keys + member)
            out.append(UInt8(ascii: ":"))
            if indent != nil { out.append(UInt8(ascii: " ")) }
          }
        }
        // The member is read in place: a copy of each value printed cost a retain and a
        // release (an atomic operation) for every container and long string.
        let value = top.values + member
        let opened: Frame?
        switch value.pointee {
        case .string:
          if let bytes = Self.longStringBytes(at: value) {
            out.appendQuoted(utf8: bytes)
          } else if case .string(let s) = value.pointee {
            out.appendQuoted(s)
          }
          continue
        case .null:
          out.appendNull()
          continue
        case .bool(let b):
          out.appendBool(b)
          continue
        case .number(let n):
          writeNumber(n, to: &out)
          continue
        case .array, .object:
          opened = Self.storage(at: value)._withUnsafeGuaranteedRef {
            open($0, depth: depth, &keys, &printed, to: &out)
          }
        }
        if let opened {
          parents.push(top)
          top = opened
          depth += 1
        }
      }
    }
  }

  /// The UTF-8 bytes of the string at `value` when it is longer than a small string
  /// (15 bytes) and stored contiguously, else `nil`. Such a string's bytes are in its
  /// buffer, which the string in the container keeps alive while the container lives, so
  /// the pointer outlives the copy of the string read here: the copy then ends at once,
  /// and the compiler reads the string in place, without a retain and a release.
  @inline(__always)
  private static func longStringBytes(at value: UnsafePointer<JSONValue>)
    -> UnsafeBufferPointer<UInt8>?
  {
    guard case .string(let s) = value.pointee, s.utf8.count > 15 else { return nil }
    return s.utf8.withContiguousStorageIfAvailable { $0 }
  }

  /// The storage of the container at `value`, unretained: the container holding `value`
  /// keeps it alive while it is printed.
  @inline(__always)
  private static func storage(at value: UnsafePointer<JSONValue>) -> Unmanaged<
    JSONContainerStorage
  > {
    switch value.pointee {
    case .array(let a): return Unmanaged.passUnretained(a.storage)
    case .object(let o): return Unmanaged.passUnretained(o.storage)
    default: preconditionFailure("not a container")
    }
  }

  /// Writes a value that is not a container.
  @inline(never)
  private func writeScalar(_ value: JSONValue, to out: inout JSONTextWriter) {
    switch value {
    case .null: out.appendNull()
    case .bool(let b): out.appendBool(b)
    case .number(let n): writeNumber(n, to: &out)
    case .string(let s): out.appendQuoted(s)
    case .array, .object: break
    }
  }

  @inline(__always)
  private func writeNumber(_ n: JSONNumber, to out: inout JSONTextWriter) {
    if let numberText {
      out.appendUTF8(numberText(n))
    } else {
      out.appendUTF8(n.literal)
    }
  }

  /// Writes an empty container, one printed from its bytes, or a copy of its text
  /// printed earlier at the same depth (``PrintedContainers``); else the opening bracket,
  /// returning the container's frame.
  @inline(never)
  private func open(
    _ storage: JSONContainerStorage, depth: Int, _ keyCache: inout PrintedKeyCache,
    _ printed: inout PrintedContainers, to out: inout JSONTextWriter
  ) -> Frame? {
    let address = UnsafeRawPointer(Unmanaged.passUnretained(storage).toOpaque())
    if let (start, end) = printed.find(address, depth: depth) {
      out.appendCopy(from: start, to: end)
      return nil
    }
    if !sortKeys, !storage.isFullyBuiltLeaf, transcodes(storage, depth, &out) { return nil }
    let (members, keys) = storage.memberPointers()
    let isObject = keys != nil
    let count = members.count
    guard count > 0, let values = members.baseAddress else {
      out.append(isObject ? "{}" : "[]")
      return nil
    }
    let start = out.count
    out.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
    let keyBase = keys?.baseAddress
    var frame = Frame(
      values: values, keys: keyBase, count: count, storage: address, start: start)
    if let keys = keyBase {
      frame.keyTable = keyCache.table(for: keys, count: count)
      if sortKeys {
        let order = UnsafeMutablePointer<Int>.allocate(capacity: count)
        let sorted = (0..<count).sorted { JSONValue.codePointOrder(keys[$0], keys[$1]) }
        order.initialize(from: sorted, count: count)
        frame.order = order
      }
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
