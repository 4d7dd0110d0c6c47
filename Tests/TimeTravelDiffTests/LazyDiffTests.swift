import TestSupport
import Testing

@testable import TimeTravelDiff
@testable import TimeTravelJSON

/// `JSONDiff.lazyChanges`, computed from the values' bytes, gives exactly the changes of
/// `JSONDiff.changes` on the built values, whatever the texts' spelling.
@Suite struct LazyDiffTests {
  /// The eager diff of the two texts, parsed.
  static func eager(_ old: String, _ new: String) throws -> [JSONChange] {
    JSONDiff.changes(from: try JSONParser.parse(old), to: try JSONParser.parse(new))
  }

  /// The diff from the texts' bytes.
  static func lazy(_ old: String, _ new: String) throws -> [JSONChange] {
    let a = Array(old.utf8)
    let b = Array(new.utf8)
    return try a.withUnsafeBufferPointer { x throws(JSONParseError) in
      try b.withUnsafeBufferPointer { y throws(JSONParseError) in
        try JSONDiff.changes(fromText: x, toText: y)
      }
    }
  }

  @Test func fuzzedPairsGiveTheEagerChanges() throws {
    var fuzzer = DiffFuzzer(seed: 20_261_201)
    var changed = 0
    for round in 0..<1500 {
      let a = fuzzer.value(depth: 4)
      let b = round % 10 == 0 ? a : fuzzer.mutate(a)
      // Compact texts, and texts that spell the same values otherwise.
      let texts =
        round % 2 == 0
        ? (JSONPrinter.compact.print(a), JSONPrinter.compact.print(b))
        : (Respeller.text(a, &fuzzer), Respeller.text(b, &fuzzer))
      let lazy = try Self.lazy(texts.0, texts.1)
      #expect(lazy == (try Self.eager(texts.0, texts.1)), "round \(round): \(texts)")
      if !lazy.isEmpty { changed += 1 }
    }
    #expect(changed > 600)
  }

  /// Spellings that the bytes tell apart and the values do not: each pair is equal, or
  /// differs only where the eager diff says.
  @Test(arguments: [
    (#"[1,2,3]"#, #"[1.0,2,3e0]"#), (#"[1,2]"#, #"[2.0,1]"#), (#"["a","b"]"#, #"["\u0062","a"]"#),
    (#"[0,-0]"#, #"[-0,1]"#), (#"[[1],[2]]"#, #"[[2.0],[1]]"#),
    (#"[1,"a",3]"#, #"[3,"\u0061",1.0]"#),
    (#"[{"id":"a","v":1},{"id":"b","v":2}]"#, #"[{"id":"\u0061","v":1.0},{"v":3,"id":"b"}]"#),
    (#"[{"id":1,"v":1},{"id":2,"v":2}]"#, #"[{"id":2.0,"v":2},{"id":1e0,"v":1}]"#),
    (#"{"a":[0],"b":{"c":1}}"#, #"{"b":{"c":1.0},"a":[0, 1]}"#),
    (#"{"a":1,"a":2}"#, #"{"a":2}"#),
    (#"[{"id":"x","id":"y"},{"id":"z"}]"#, #"[{"id":"y"},{"id":"z","n":1}]"#),
    (#"[-0, 0]"#, #"[0, -0]"#),
    (#"[ {"id" : "a"} , {"id":"b"} ]"#, #"[{"id":"b"},{"id":"a"}]"#),
    (#"[{"id":"a"},{"id":"a"}]"#, #"[{"id":"a"},{"id":"b"}]"#),
    (#"[{"id":"a"},{"id":"a","v":0}]"#, #"[{"id":"a","v":1},{"id":"a"}]"#),
    (#"[{"id":"a"},{"id":"\u0061","v":0}]"#, #"[{"id":"a","v":1},{"id":"\u0061"}]"#),
    (#"[{"id":1},{"id":1.0,"v":0}]"#, #"[{"id":1,"v":1},{"id":1.0}]"#),
    (#"[{"id":"a","v":[1]},{"id":"b"}]"#, #"[{"id":"a","v":[1.0]},{"id":"b","w":2}]"#),
    (#"[{"id":"a"},{"ID":"b"}]"#, #"[{"ID":"b"},{"id":"a"}]"#),
    (#"[{"_id":"a","id":1},{"_id":"b","id":1}]"#, #"[{"_id":"b","id":1},{"_id":"a","id":2}]"#),
    (#"[]"#, #"[{"id":"a"},[1]]"#), (#"[[1],{"a":1}]"#, #"[]"#),
    (#"{"x":[1,2]}"#, #"{"x":{"0":1}}"#), (#"[1,2]"#, #"7"#),
  ])
  func respelledValuesGiveTheEagerChanges(old: String, new: String) throws {
    #expect(try Self.lazy(old, new) == (try Self.eager(old, new)))
  }

  @Test func aToggledElementOfAHugeArrayBuildsOnlyItsPair() throws {
    func todos(toggling toggled: Int?) -> String {
      let items = (0..<5000).map { i in
        #"{"id":"todo-\#(i)","title":"t\#(i)","done":\#(i == toggled)}"#
      }
      return #"{"todos":["# + items.joined(separator: ",") + "]}"
    }
    let old = try JSONParser.parse(todos(toggling: nil))
    let new = try JSONParser.parse(todos(toggling: 4321))
    let changes = JSONDiff.lazyChanges(from: old, to: new)
    #expect(
      changes == [
        JSONChange(
          op: .replace, path: JSONPointer(tokens: ["todos", "4321", "done"]), old: .bool(false),
          new: .bool(true))
      ])
    // The containers were read by their bytes: neither state was built.
    #expect(old.withUnbuiltText { _ in true } == true)
    #expect(new.withUnbuiltText { _ in true } == true)
    #expect(changes == JSONDiff.changes(from: old, to: new))
  }

  /// Nesting deeper than the byte walk goes is diffed whole, without recursion.
  @Test func deeplyNestedChangesAreFound() throws {
    let depth = 10_000
    let old =
      String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
    let new =
      String(repeating: #"{"a":"#, count: depth) + "2" + String(repeating: "}", count: depth)
    let changes = try Self.lazy(old, new)
    #expect(changes.count == 1)
    #expect(changes.first?.path.tokens == Array(repeating: "a", count: depth))
    #expect(changes.first?.new == .number(JSONNumber(2)))
  }

  @Test func equalTextsHaveNoChanges() throws {
    #expect(try Self.lazy(#"{"a":[1,{"b":2}]}"#, #"{"a":[1,{"b":2}]}"#) == [])
    #expect(try Self.lazy(#"{"a":[1,{"b":2}]}"#, #" { "a" : [ 1 , { "b" : 2.0 } ] } "#) == [])
  }
}

/// JSON texts that spell a value in other ways: whitespace, escaped letters, integers
/// with a fraction or an exponent, a key repeated with a value that the next one
/// replaces. Keys keep their order, so the parsed value is the same, member for member.
enum Respeller {
  static func text(_ value: JSONValue, _ fuzzer: inout DiffFuzzer) -> String {
    var out = ""
    write(value, &out, &fuzzer)
    return out
  }

  private static func space(_ out: inout String, _ fuzzer: inout DiffFuzzer) {
    if fuzzer.chance(20) { out += [" ", "\n", "\t ", "\r\n"][fuzzer.int(4)] }
  }

  private static func write(_ value: JSONValue, _ out: inout String, _ fuzzer: inout DiffFuzzer) {
    space(&out, &fuzzer)
    switch value {
    case .number:
      let literal = JSONPrinter.compact.print(value)
      let isInteger = literal.allSatisfy { $0.isNumber || $0 == "-" }
      out +=
        isInteger && fuzzer.chance(40) ? literal + [".0", "e0", ".00E+0"][fuzzer.int(3)] : literal
    case .string(let string):
      out += quoted(string, &fuzzer)
    case .array(let array):
      out += "["
      for (i, element) in array.enumerated() {
        if i > 0 { out += "," }
        write(element, &out, &fuzzer)
      }
      space(&out, &fuzzer)
      out += "]"
    case .object(let object):
      out += "{"
      for (i, (key, member)) in zip(object.keys, object.values).enumerated() {
        if i > 0 { out += "," }
        if fuzzer.chance(10) { out += quoted(key, &fuzzer) + ":0," }
        out += quoted(key, &fuzzer) + ":"
        write(member, &out, &fuzzer)
      }
      space(&out, &fuzzer)
      out += "}"
    default:
      out += JSONPrinter.compact.print(value)
    }
    space(&out, &fuzzer)
  }

  private static func quoted(_ string: String, _ fuzzer: inout DiffFuzzer) -> String {
    let printed = Array(JSONPrinter.compact.print(.string(string)).unicodeScalars)
    guard fuzzer.chance(50) else { return String(String.UnicodeScalarView(printed)) }
    // Escape some plain ASCII letters and slashes, never inside an escape; the value
    // stays the same.
    var respelled = ""
    var i = 0
    while i < printed.count {
      let scalar = printed[i]
      if scalar == "\\" {
        let length = printed[i + 1] == "u" ? 6 : 2
        respelled.unicodeScalars.append(contentsOf: printed[i..<(i + length)])
        i += length
        continue
      }
      if i > 0, i < printed.count - 1, scalar.isASCII, scalar.properties.isAlphabetic,
        fuzzer.chance(30)
      {
        respelled += "\\u00" + String(scalar.value, radix: 16)
      } else if scalar == "/", fuzzer.chance(50) {
        respelled += "\\/"
      } else {
        respelled.unicodeScalars.append(scalar)
      }
      i += 1
    }
    return respelled
  }
}
