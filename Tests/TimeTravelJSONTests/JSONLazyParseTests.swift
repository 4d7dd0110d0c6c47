import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelJSON

/// `JSONParser.parse(bytes:)` checks the whole document at once but builds containers of
/// 512 bytes or more on first access. Whatever is read, and in whatever order, the value
/// must be the one the eager parse builds; errors must be the eager parse's errors.
@Suite struct JSONLazyParseTests {
  static func parse(_ text: String) throws -> JSONValue {
    try JSONParser.parse(bytes: Array(text.utf8))
  }

  static func parseEagerly(_ text: String) throws(JSONParseError) -> JSONValue {
    let bytes = Array(text.utf8)
    let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONParseError) in try JSONParser.parse(eagerly: buffer) }
    }
    return try result.get()
  }

  static func storage(_ value: JSONValue?) -> JSONContainerStorage {
    value!.containerStorage!
  }

  /// Whether `value`'s container has its members in memory.
  static func isBuilt(_ value: JSONValue?) -> Bool { storage(value).hasMembersInMemory }

  /// Random JSON text with large and small containers, repeated keys, escapes,
  /// non-ASCII text, exact numbers and whitespace.
  static func randomDocument(_ rng: inout SeededGenerator, depth: Int = 0) -> String {
    let space = rng.below(4) == 0 ? " \n\t" : ""
    switch depth > 5 ? rng.below(5) : rng.below(8) {
    case 0: return ["null", "true", "false"][rng.below(3)]
    case 1: return ["0", "-0", "1.50", "-12e+3", "123456789012345678901234567890"][rng.below(5)]
    case 2:
      return ["\"\"", "\"plain text that is long enough\"", "\"é\\n\\u00e9\\\"😀\""][rng.below(3)]
    case 3, 4: return "\"s\(rng.below(1000))\""
    case 5:
      let count = rng.below(depth < 2 ? 30 : 5)
      let elements = (0..<count).map { _ in randomDocument(&rng, depth: depth + 1) }
      return "[" + space + elements.joined(separator: "," + space) + space + "]"
    default:
      let count = rng.below(depth < 2 ? 20 : 4)
      let members = (0..<count).map { _ in
        // Few key names, so objects often repeat a key.
        let key = ["id", "title", "a\\u0062", "é", "a long key name of many bytes"][rng.below(5)]
        return "\"\(key)\"" + space + ":" + space + randomDocument(&rng, depth: depth + 1)
      }
      return "{" + space + members.joined(separator: ",") + space + "}"
    }
  }

  /// Every member of `value`, read in an order chosen by `rng`, so that lazy containers
  /// are built from the inside out as well as from the outside in.
  static func readAll(_ value: JSONValue, _ rng: inout SeededGenerator) {
    var pending = [value]
    while !pending.isEmpty {
      let next = pending.remove(at: rng.below(pending.count))
      switch next {
      case .array(let array): pending.append(contentsOf: array.elements)
      case .object(let object): pending.append(contentsOf: object.values)
      default: break
      }
    }
  }

  @Test func randomDocumentsReadTheSameAsTheEagerParse() throws {
    var rng = SeededGenerator(seed: 62)
    var lazyDocuments = 0
    var bytes = 0
    for _ in 0..<300 {
      let text = "[" + (0..<3).map { _ in Self.randomDocument(&rng) }.joined(separator: ",") + "]"
      bytes += text.utf8.count
      let eager = try Self.parseEagerly(text)
      let lazy = try Self.parse(text)
      if !Self.isBuilt(lazy) { lazyDocuments += 1 }
      // Printing reads everything in document order; then compare values again after
      // reading a fresh parse in random order.
      #expect(JSONPrinter.compact.print(lazy) == JSONPrinter.compact.print(eager))
      #expect(lazy == eager)
      let again = try Self.parse(text)
      Self.readAll(again, &rng)
      #expect(JSONPrinter.compact.print(again) == JSONPrinter.compact.print(eager))
    }
    // The test is about lazy documents: most must have been.
    #expect(lazyDocuments > 150)
  }

  @Test func everyFixtureLineReadsTheSameAsTheEagerParse() throws {
    var lines = 0
    for name in ["todo-session", "todo-crash", "todo-nondeterministic"] {
      let text = try String(contentsOfFile: "Fixtures/\(name).jsonl", encoding: .utf8)
      for line in text.split(separator: "\n") {
        let eager = try Self.parseEagerly(String(line))
        let lazy = try Self.parse(String(line))
        #expect(JSONPrinter.compact.print(lazy) == JSONPrinter.compact.print(eager))
        lines += 1
      }
    }
    #expect(lines > 50)
  }

  @Test func readingAFieldBuildsOnlyTheContainersOnItsPath() throws {
    let filler = String(repeating: "x", count: 600)
    let text = """
      {"a":["\(filler)"],"b":{"c":{"d":"\(filler)"},"e":[1,2]},"f":{"g":1}}
      """
    let root = try Self.parse(text)
    #expect(!Self.isBuilt(root))
    let b = root["b"]
    #expect(Self.isBuilt(root))
    #expect(!Self.isBuilt(root["a"]))
    #expect(!Self.isBuilt(b))
    let c = b?["c"]
    #expect(Self.isBuilt(b))
    #expect(!Self.isBuilt(c))
    // Small containers are built with their parent.
    #expect(Self.isBuilt(b?["e"]))
    #expect(Self.isBuilt(root["f"]))
    #expect(c?["d"] == .string(filler))
    #expect(!Self.isBuilt(root["a"]))
  }

  /// The threshold is 512 bytes, brackets included: 511 is built with its parent.
  @Test func containersFrom512BytesAreLazy() throws {
    for (size, lazy) in [(511, false), (512, true)] {
      // `["…"]` is 4 bytes more than its string.
      let inner = "[\"" + String(repeating: "y", count: size - 4) + "\"]"
      #expect(inner.utf8.count == size)
      let root = try Self.parse("[" + inner + "," + inner + "]")
      #expect(Self.isBuilt(root[0]) == !lazy, "\(size)")
    }
    // A small document is parsed eagerly, and a large string is no container.
    #expect(Self.isBuilt(try Self.parse("[1,2]")))
    let longString = "\"" + String(repeating: "z", count: 2_000) + "\""
    #expect(try Self.parse(longString) == .string(String(repeating: "z", count: 2_000)))
  }

  @Test func aRepeatedKeyInALazyObjectKeepsItsFirstPlaceAndLastValue() throws {
    let filler = String(repeating: "w", count: 600)
    let text = #"{"k":1,"big":""# + filler + #"","k":2,"m":3,"k":4}"#
    let value = try Self.parse(text)
    #expect(!Self.isBuilt(value))
    #expect(value.objectValue?.keys == ["k", "big", "m"])
    #expect(value["k"] == 4)
    #expect(JSONPrinter.compact.print(value) == #"{"k":4,"big":""# + filler + #"","m":3}"#)
  }

  /// Keys that are distinct in JSON but equal under Swift's `==` (canonical equivalence)
  /// keep their own bytes: objects with the same key shape share one key array, and
  /// matching that shape with `==` gave one object the other's key, depending on which
  /// container was built first.
  @Test func canonicallyEquivalentKeysInOtherObjectsKeepTheirBytes() throws {
    let filler = String(repeating: "f", count: 600)
    for (first, second) in [("\u{E9}", "e\u{301}"), ("K", "\u{212A}"), ("e\u{301}", "\u{E9}")] {
      let a = "[{\"\(first)\":1},\"\(filler)\"]"
      let b = "[{\"\(second)\":2},\"\(filler)\"]"
      let text = "[" + a + "," + b + "]"
      let eager = JSONPrinter.compact.print(try Self.parseEagerly(text))
      #expect(eager.utf8.elementsEqual(text.utf8), "eager: \(first) \(second)")
      // Build the second large container first, then the first.
      let lazy = try Self.parse(text)
      _ = lazy[1]?[0]
      #expect(JSONPrinter.compact.print(lazy).utf8.elementsEqual(text.utf8), "\(first) \(second)")
      let small = "[{\"\(first)\":1},{\"\(second)\":2}]"
      #expect(JSONPrinter.compact.print(try Self.parse(small)).utf8.elementsEqual(small.utf8))
    }
  }

  @Test func aLazyValueOutlivesTheBytesItWasParsedFrom() throws {
    var value: JSONValue?
    do {
      var bytes = Array(#"{"a":[""#.utf8) + Array(repeating: UInt8(ascii: "q"), count: 1_000)
      bytes += Array(#""]}"#.utf8)
      value = try bytes.withUnsafeBufferPointer { try JSONParser.parse(bytes: $0) }
      // Overwrite the caller's buffer: the value must not read it.
      for i in bytes.indices { bytes[i] = UInt8(ascii: "!") }
    }
    #expect(value?["a"]?[0] == .string(String(repeating: "q", count: 1_000)))
  }

  @Test func changingACopyLeavesTheLazyOriginalAlone() throws {
    let filler = String(repeating: "v", count: 600)
    let text = #"{"list":[{"t":""# + filler + #""},2,3],"n":1}"#
    let original = try Self.parse(text)
    var copy = original
    guard case .object(var object) = copy, case .array(var list)? = object["list"] else {
      Issue.record("not an object with a list")
      return
    }
    list.append(4)
    list.remove(at: 1)
    object["list"] = .array(list)
    object["n"] = nil
    copy = .object(object)
    #expect(JSONPrinter.compact.print(original) == text)
    #expect(
      JSONPrinter.compact.print(copy) == #"{"list":[{"t":""# + filler + #""},3,4]}"#)
  }

  @Test func threadsReadingOneDocumentAtOnceBuildEachContainerOnce() throws {
    var rng = SeededGenerator(seed: 7)
    var parts: [String] = []
    for _ in 0..<20 {
      parts.append(
        "[" + (0..<40).map { _ in "\"s\(rng.below(1_000_000))\"" }.joined(separator: ",") + "]")
    }
    let text = "[" + parts.joined(separator: ",") + "]"
    let expected = JSONPrinter.compact.print(try Self.parseEagerly(text))
    for _ in 0..<20 {
      let value = try Self.parse(text)
      let printed = Mutex<[String]>([])
      let identities = Mutex<Set<[ObjectIdentifier]>>([])
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        let ids = (0..<20).map { ObjectIdentifier(Self.storage(value[$0])) }
        let text = JSONPrinter.compact.print(value)
        printed.withLock { $0.append(text) }
        identities.withLock { _ = $0.insert(ids) }
      }
      #expect(printed.withLock { $0 } == Array(repeating: expected, count: 8))
      // One set of child containers: built once, not once per thread.
      #expect(identities.withLock { $0.count } == 1)
    }
  }

  /// Errors come from the eager parse, so they are its errors exactly, in large documents
  /// as in small ones.
  @Test func errorsInLargeDocumentsAreTheEagerParsesErrors() throws {
    let filler = #"{"a":""# + String(repeating: "u", count: 600) + #""},"#
    let cases = [
      "[" + filler + "\n  01]",
      "[" + filler + "{\"k\" 1}]",
      "[" + filler + "\"\\x\"]",
      "[" + filler + "[1,2",
      "[" + filler + "1] x",
      "[" + filler + "\"\u{01}\"]",
    ]
    for text in cases {
      var eagerError: JSONParseError?
      do { _ = try Self.parseEagerly(text) } catch { eagerError = error }
      #expect(eagerError != nil, "\(text.suffix(12))")
      #expect(throws: eagerError!) { try Self.parse(text) }
    }
  }

  @Test func deepLazyNestingIsReadAndFreedWithoutRecursion() throws {
    let depth = 50_000
    let text =
      String(repeating: #"{"a":["#, count: depth) + "1" + String(repeating: "]}", count: depth)
    var value: JSONValue? = try Self.parse(text)
    var cursor = value!
    for _ in 0..<depth { cursor = cursor["a"]![0]! }
    #expect(cursor == 1)
    // Release while the innermost containers are built and the outer ones still hold them.
    value = nil
    #expect(cursor == 1)
  }
}
