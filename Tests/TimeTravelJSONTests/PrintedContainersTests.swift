import TestSupport
import Testing

@testable import TimeTravelJSON

/// A container met again while one value is printed is copied from the text printed the
/// first time (`PrintedContainers`): the text is that of the same value with no storage
/// shared, compact or indented, keys sorted or not, at any depth.
@Suite struct PrintedContainersTests {
  /// `text` parsed with no storage shared inside it.
  static func fresh(_ text: String) throws -> JSONValue {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(bytes: buffer)
      parser.sharesLeaves = false
      return try parser.parseNext()
    }
  }

  static let printers: [JSONPrinter] = {
    var shallow = JSONPrinter(indent: 3)
    shallow.maxIndentLevel = 2
    return [.compact, .pretty, JSONPrinter(indent: 1, sortKeys: true), shallow]
  }()

  /// An object of `count` to-dos: more containers than a printing closes before it keeps
  /// any (`PrintedContainers.closedBeforeTable`).
  static func todos(_ count: Int, title: String = "milk") -> String {
    let members = (0..<count).map {
      #""t\#($0)":{"id":"todo-\#($0)","title":"\#(title) \#($0)","isCompleted":\#($0 % 2 == 0)}"#
    }
    return "{" + members.joined(separator: ",") + "}"
  }

  @Test func aContainerMetAgainAtAnotherDepthIsIndentedForIt() throws {
    let text = Self.todos(20)
    let x = try Self.fresh(text)
    // The same storage at depths 1, 2, 1 and 3.
    let shared: JSONValue = [x, [x], x, ["k": [x]]]
    let separate: JSONValue = [
      try Self.fresh(text), [try Self.fresh(text)], try Self.fresh(text),
      ["k": [try Self.fresh(text)]],
    ]
    for printer in Self.printers {
      #expect(printer.print(shared) == printer.print(separate))
    }
    #expect(JSONPrinter.compact.print(shared) == "[\(text),[\(text)],\(text),{\"k\":[\(text)]}]")
    let pretty = JSONPrinter.pretty.print(shared)
    #expect(pretty.hasPrefix("[\n  {\n    \"t0\": {\n      \"id\": \"todo-0\",\n"))
    #expect(pretty.contains("\n  [\n    {\n      \"t0\": {\n        \"id\": \"todo-0\",\n"))
  }

  /// Copies that do not fit the output's buffer grow it, copying from the bytes printed.
  @Test func aCopyLargerThanTheBufferGrowsIt() throws {
    let text = Self.todos(600, title: String(repeating: "long title ", count: 6))
    let x = try Self.fresh(text)
    #expect(text.utf8.count > 64 << 10)
    let shared: JSONValue = [x, x, ["again": x], x]
    #expect(
      JSONPrinter.compact.print(shared) == "[\(text),\(text),{\"again\":\(text)},\(text)]")
    var bytes: [UInt8] = Array("prefix ".utf8)
    JSONPrinter.compact.write(shared, to: &bytes)
    #expect(bytes == Array("prefix [\(text),\(text),{\"again\":\(text)},\(text)]".utf8))
  }

  /// Enough containers between two meetings of one that the table grows in between
  /// (`PrintedContainers.maximumSlots`): the text is still that of unshared copies.
  @Test func containersNotedBeforeTheTableGrowsPrintTheSameAfter() throws {
    let text = Self.todos(20)
    let x = try Self.fresh(text)
    let many = try Self.fresh(Self.todos(3000, title: "other"))
    let shared: JSONValue = [x, many, [x, many], x]
    let separate: JSONValue = [
      try Self.fresh(text), many,
      [try Self.fresh(text), try Self.fresh(Self.todos(3000, title: "other"))],
      try Self.fresh(text),
    ]
    for printer in Self.printers {
      #expect(printer.print(shared) == printer.print(separate))
    }
  }

  /// A container whose text is longer than a slot can say, or one deeper than it can say,
  /// is printed again each time: the text is still the unshared one.
  @Test func containersPastTheSlotsLimitsArePrintedAgain() throws {
    let long = Self.todos(20, title: String(repeating: "a long title ", count: 5000))
    #expect(long.utf8.count >= PrintedContainers.lengthLimit)
    let x = try Self.fresh(long)
    #expect(JSONPrinter.compact.print([x, ["k": x], x]) == "[\(long),{\"k\":\(long)},\(long)]")
    let small = Self.todos(20)
    let y = try Self.fresh(small)
    var shared: JSONValue = [y, y]
    var separate: JSONValue = [try Self.fresh(small), try Self.fresh(small)]
    for _ in 0..<(PrintedContainers.depthLimit + 10) {
      shared = [shared]
      separate = [separate]
    }
    for printer in [JSONPrinter.compact, .pretty] {
      #expect(
        printer.print([y, shared, y])
          == printer.print([try Self.fresh(small), separate, try Self.fresh(small)]))
    }
  }

  /// Shared to-dos, as a parse leaves them in an entry's two states.
  @Test func theLeavesAParseSharesPrintAsTheirBytes() throws {
    let prior =
      "["
      + (0..<30).map { #"{"id":"todo-\#($0)","title":"buy milk \#($0)"}"# }
      .joined(separator: ",") + "]"
    let next =
      "["
      + (1..<30).map { #"{"id":"todo-\#($0)","title":"buy milk \#($0)"}"# }
      .joined(separator: ",") + "]"
    let text = #"{"prior":{"todos":\#(prior)},"next":{"todos":\#(next)}}"#
    let bytes = Array(text.utf8)
    let shared = try bytes.withUnsafeBufferPointer { try JSONParser.parse(eagerly: $0) }
    #expect(
      shared["prior"]?["todos"]?[1]?.containerStorage.map(ObjectIdentifier.init)
        == shared["next"]?["todos"]?[0]?.containerStorage.map(ObjectIdentifier.init))
    #expect(JSONPrinter.compact.print(shared) == text)
    for printer in Self.printers {
      #expect(printer.print(shared) == printer.print(try Self.fresh(text)))
    }
  }

  /// Random documents put together at random depths, some of them more than once: the
  /// text is that of the same tree built without sharing.
  @Test func randomTreesPrintAsTheirUnsharedCopies() throws {
    var rng = SeededGenerator(seed: 24)
    for _ in 0..<150 {
      let texts = (0..<4).map { _ in JSONLazyParseTests.randomDocument(&rng) }
      let pool = try texts.map(Self.fresh)
      var shared: [JSONValue] = []
      var separate: [JSONValue] = []
      for _ in 0..<(8 + rng.below(24)) {
        let pick = rng.below(texts.count)
        let copy = try Self.fresh(texts[pick])
        switch rng.below(3) {
        case 0:
          shared.append(pool[pick])
          separate.append(copy)
        case 1:
          shared.append(["k": pool[pick], "n": 1])
          separate.append(["k": copy, "n": 1])
        default:
          shared.append([[pool[pick]]])
          separate.append([[copy]])
        }
      }
      for printer in Self.printers {
        #expect(
          printer.print(.array(JSONArray(shared))) == printer.print(.array(JSONArray(separate))))
      }
    }
  }
}
