import Foundation
import Testing

@testable import TimeTravelJSON

/// Validating a value against a similar valid one (its reference) must return exactly
/// what the plain skipper returns, on every input: the same end when valid, failure when
/// not; and the outline it records must be the one a full validation records.
@Suite struct JSONSkipperReferenceTests {
  /// The plain skipper's result for `text` (the value at offset 0).
  static func plain(_ text: [UInt8]) -> Int {
    text.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress else { return -1 }
      return JSONSkipper.skipValue(base, 0, bytes.count)
    }
  }

  /// The skip of `text` against `reference` (a valid value and its outline): its result
  /// and the outline it recorded.
  static func skip(_ text: [UInt8], against reference: ([UInt8], JSONOutline)?) -> (
    Int, JSONOutline
  ) {
    var outline = JSONOutline()
    let result = text.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress else { return -2 }
      guard let (referenceBytes, referenceOutline) = reference else {
        return JSONSkipper.skipValue(base, 0, bytes.count, reference: nil, into: &outline)
      }
      return referenceBytes.withUnsafeBufferPointer { referenceBytes in
        JSONSkipper.skipValue(
          base, 0, bytes.count,
          reference: JSONReference(bytes: referenceBytes, outline: referenceOutline),
          into: &outline)
      }
    }
    return (result, outline)
  }

  /// The outline of a valid value, recorded by validating it whole.
  static func outline(_ text: [UInt8]) -> JSONOutline {
    let (end, outline) = skip(text, against: nil)
    precondition(end == text.count, "not one valid value: \(String(decoding: text, as: UTF8.self))")
    return outline
  }

  /// Checks `text` (a value followed by `suffix`) against `reference`: the same end as
  /// the plain skipper and, when valid, the outline of a full validation.
  static func check(
    _ text: [UInt8], suffix: [UInt8] = [], against reference: [UInt8],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let whole = text + suffix
    let (end, outline) = skip(whole, against: (reference, Self.outline(reference)))
    let expected = plain(whole)
    let description = String(decoding: text, as: UTF8.self)
    #expect(end == expected, "\(description)", sourceLocation: sourceLocation)
    if expected >= 0 {
      #expect(
        outline == skip(whole, against: nil).1, "\(description)", sourceLocation: sourceLocation)
    }
  }

  static func todos(_ names: [String], filter: String = "all") -> [UInt8] {
    let todos = names.enumerated().map { index, name in
      #"{"id":"\#(index)-\#(name.count)","text":"\#(name)","isCompleted":\#(index % 3 == 0)}"#
    }
    return Array(
      #"{"filter":"\#(filter)","todos":[\#(todos.joined(separator: ","))],"count":7}"#.utf8)
  }

  static let names = (0..<12).map { "todo number \($0)" }

  @Test func theBoundariesOfAValueAtDepthsOneAndTwo() {
    let outline = Self.outline(Array(#"{"a":[1,{"b":[2]}],"c":"x"}"#.utf8))
    #expect(
      outline.boundaries == [
        .init(offset: 7, member: 0, element: 0, depth: 2, kinds: 0b10),
        .init(offset: 17, member: 0, element: 1, depth: 2, kinds: 0b10),
        .init(offset: 18, member: 0, element: 0, depth: 1, kinds: 0b1),
        .init(offset: 26, member: 1, element: 0, depth: 1, kinds: 0b1),
      ])
    #expect(outline.length == 27)
    // A scalar or an empty container has none.
    #expect(Self.outline(Array("[]".utf8)).boundaries.isEmpty)
    #expect(Self.outline(Array("12".utf8)).boundaries.isEmpty)
  }

  @Test func anEditedElementRealignsAtItsEnd() {
    let reference = Self.todos(Self.names)
    var names = Self.names
    names[4] = "changed, and longer than before"
    Self.check(Self.todos(names), against: reference)
    names[4] = "short"
    Self.check(Self.todos(names), against: reference)
    // Inserted, removed, the first, the last, two far apart, a top member.
    Self.check(Self.todos(Array(Self.names[..<3] + ["new"] + Self.names[3...])), against: reference)
    Self.check(Self.todos(Array(Self.names[..<3] + Self.names[4...])), against: reference)
    Self.check(Self.todos(["first"] + Self.names.dropFirst()), against: reference)
    Self.check(Self.todos(Self.names.dropLast() + ["last"]), against: reference)
    names = Self.names
    names[1] = "one"
    names[10] = "ten"
    Self.check(Self.todos(names), against: reference)
    Self.check(Self.todos(Self.names, filter: "active"), against: reference)
    Self.check(Self.todos([]), against: reference)
    Self.check(reference, against: Self.todos([]))
    Self.check(reference, suffix: Array(#","x":1}"#.utf8), against: reference)
  }

  /// What shows that the bytes after the edit are compared rather than validated: a
  /// (deliberately) broken reference, whose outline was recorded on valid bytes, accepts
  /// the same breakage in the value where it shares the reference's bytes.
  @Test func theRestOfTheReferenceIsComparedNotValidated() {
    func broken(_ text: [UInt8]) -> [UInt8] {
      // The text of element 9 gets a bad escape, at the same length.
      let string = String(decoding: text, as: UTF8.self)
      return Array(string.replacingOccurrences(of: "todo number 9", with: #"todo nu\xer 9"#).utf8)
    }
    let valid = Self.todos(Self.names)
    let reference = broken(valid)
    var names = Self.names
    names[4] = "changed"
    let edited = broken(Self.todos(names))
    #expect(Self.plain(edited) == -1)
    let outline = Self.outline(valid)
    #expect(Self.skip(edited, against: (reference, outline)).0 == edited.count)
    // Before an edit, the bytes shared from the start are compared too.
    names = Self.names
    names[11] = "changed"
    let late = broken(Self.todos(names))
    #expect(Self.skip(late, against: (reference, outline)).0 == late.count)
    // The bytes that differ are validated.
    names[11] = #"bad \x"#
    #expect(Self.skip(broken(Self.todos(names)), against: (reference, outline)).0 == -1)
  }

  @Test func brokenValuesAreRejectedAsByThePlainSkipper() {
    let reference = Self.todos(Self.names)
    let text = String(decoding: reference, as: UTF8.self)
    let edits: [(String, String)] = [
      ("todo number 4", #"todo \q 4"#), ("todo number 4", #"todo \u12 4"#),
      ("todo number 4", "todo \u{1} 4"), (#""count":7}"#, #""count":7"#),
      (#""count":7}"#, #""count":7}}"#), (#""count":7"#, #""count":07"#),
      (#"{"id":"5"#, #"{"id":"5""#), (#"{"id":"5"#, #"{id":"5"#), (#","text""#, #";"text""#),
      (#"true}"#, #"tru}"#), (#"],"count""#, #"]],"count""#), (#"],"count""#, #","count""#),
      (#"{"id":"3"#, #"[{"id":"3"#),
      (#"isCompleted":false},{"id":"8"#, #"isCompleted":false},,{"id":"8"#),
    ]
    for (target, replacement) in edits {
      guard let range = text.range(of: target) else {
        Issue.record("no \(target)")
        continue
      }
      var edited = text
      edited.replaceSubrange(range, with: replacement)
      Self.check(Array(edited.utf8), against: reference)
    }
    // Invalid UTF-8 in an element.
    var bytes = reference
    let index = bytes.firstIndex(of: UInt8(ascii: "n"))!
    for bad: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xC3, 0xA9]] {
      bytes = reference
      bytes.replaceSubrange(index..<(index + 1), with: bad)
      Self.check(bytes, against: reference)
    }
  }

  @Test func aRandomEditOfARandomValueSkipsAsThePlainSkipper() {
    var random = SplitMix(seed: 0x5EED_2024)
    for round in 0..<4000 {
      let document = RandomDocument.make(&random)
      let reference = document.text
      var edited = document
      let edits = 1 + random.below(3)
      for _ in 0..<edits { edited.edit(&random) }
      var text = edited.text
      if random.below(3) == 0 { RandomDocument.editBytes(&text, &random) }
      let suffixes: [[UInt8]] = [[], Array(",1".utf8), Array("0".utf8), Array(" }".utf8)]
      let suffix = suffixes[random.below(suffixes.count)]
      Self.check(text, suffix: suffix, against: reference)
      // A chain: the edited value, when valid, as the reference of a further edit.
      if Self.plain(text) == text.count {
        let (_, outline) = Self.skip(text, against: (reference, Self.outline(reference)))
        var further = edited
        further.edit(&random)
        let next = further.text
        let (end, nextOutline) = Self.skip(next, against: (text, outline))
        #expect(end == Self.plain(next), "round \(round)")
        if end >= 0 { #expect(nextOutline == Self.outline(next), "round \(round)") }
      }
    }
  }

  @Test func deepNestingAndLongValuesKeepTheirStateAcrossTheReference() {
    let deep = String(repeating: "[", count: 200) + "1" + String(repeating: "]", count: 200)
    let reference = Array(#"{"a":[\#(deep),{"b":\#(deep)}],"c":1}"#.utf8)
    Self.check(Array(#"{"a":[\#(deep),{"b":\#(deep)}],"c":2}"#.utf8), against: reference)
    Self.check(Array(#"{"a":[\#(deep),{"b":\#(deep)},3],"c":1}"#.utf8), against: reference)
    Self.check(Array(#"{"a":[\#(deep)],{"b":\#(deep)}],"c":1}"#.utf8), against: reference)
    // A string edited where it spans a boundary of the reference.
    let strings = Array(#"{"a":["x","y"],"b":"z"}"#.utf8)
    Self.check(Array(#"{"a":["x","y],"b":"z"}"#.utf8), against: strings)
    Self.check(Array(#"{"a":["x","y\"],"b":"z"}"#.utf8), against: strings)
    Self.check(Array(#"{"a":["x","y",""],"b":"z"}"#.utf8), against: strings)
    // A number whose end is seen at the byte after it.
    let numbers = Array(#"{"a":[1,2],"b":3}"#.utf8)
    Self.check(Array(#"{"a":[1,23],"b":3}"#.utf8), against: numbers)
    Self.check(Array(#"{"a":[1,2.],"b":3}"#.utf8), against: numbers)
    Self.check(Array(#"{"a":[1,2],"b":30}"#.utf8), against: numbers)
    Self.check(Array(#"{"a":[1,2],"b":3"#.utf8), against: numbers)
    Self.check(Array(#"[1,2]"#.utf8), against: numbers)
    // The same bytes after a container of another kind: the state differs.
    Self.check(Array(#"{"a":{"x":1,2],"b":3}"#.utf8), against: numbers)
    Self.check(Array(#"[{"x":1,2],3]"#.utf8), against: Array(#"[[1,2],3]"#.utf8))
  }
}

/// A small reproducible generator (SplitMix64), so a failure names its round.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// A random JSON value as a tree (scalars kept as their text), written compactly or
/// with spaces, and edited as a reducer would edit a state, or broken.
struct RandomDocument {
  indirect enum Node {
    case scalar(String)
    case array([Node])
    case object([(String, Node)])
  }

  var root: Node
  var spaced: Bool

  static let scalars = [
    "0", "1", "12", "1.5", "-12", "3.5e2", "true", "false", "null", #""""#, #""text""#, #""é😀""#,
    #""esc\"aped\n\u00e9""#, #""a string longer than eight bytes""#, "12345678901234567890",
  ]

  static func make(_ random: inout SplitMix) -> RandomDocument {
    var members: [(String, Node)] = []
    for index in 0..<(1 + random.below(5)) {
      members.append(("k\(index)", node(&random, depth: 1)))
    }
    return RandomDocument(root: .object(members), spaced: random.below(4) == 0)
  }

  static func node(_ random: inout SplitMix, depth: Int) -> Node {
    switch depth > 4 ? 0 : random.below(depth == 1 ? 3 : 5) {
    case 1:
      return .array((0..<random.below(8)).map { _ in node(&random, depth: depth + 1) })
    case 2:
      return .object(
        (0..<random.below(6)).map { index in ("m\(index)", node(&random, depth: depth + 1)) })
    default:
      return .scalar(scalars[random.below(scalars.count)])
    }
  }

  var text: [UInt8] { Array(Self.write(root, spaced: spaced).utf8) }

  static func write(_ node: Node, spaced: Bool) -> String {
    let comma = spaced ? ", " : ","
    switch node {
    case .scalar(let text): return text
    case .array(let elements):
      return "[" + elements.map { write($0, spaced: spaced) }.joined(separator: comma) + "]"
    case .object(let members):
      let colon = spaced ? ": " : ":"
      return "{"
        + members.map { #""\#($0.0)""# + colon + write($0.1, spaced: spaced) }.joined(
          separator: comma) + "}"
    }
  }

  /// One edit somewhere at depth 1 to 3: a value inserted, removed or replaced, a scalar
  /// changed, a key changed, a container nested deeper.
  mutating func edit(_ random: inout SplitMix) {
    root = Self.edit(root, &random, depth: 0)
  }

  static func edit(_ node: Node, _ random: inout SplitMix, depth: Int) -> Node {
    switch node {
    case .scalar:
      return depth > 0 && random.below(2) == 0
        ? .scalar(scalars[random.below(scalars.count)]) : self.node(&random, depth: depth)
    case .array(var elements):
      let index = elements.isEmpty ? 0 : random.below(elements.count)
      switch elements.isEmpty ? 0 : random.below(depth < 3 ? 5 : 3) {
      case 0: elements.insert(self.node(&random, depth: depth + 1), at: index)
      case 1: elements.remove(at: index)
      case 2: elements[index] = .array([elements[index]])
      default: elements[index] = edit(elements[index], &random, depth: depth + 1)
      }
      return .array(elements)
    case .object(var members):
      let index = members.isEmpty ? 0 : random.below(members.count)
      switch members.isEmpty ? 0 : random.below(depth < 3 ? 5 : 3) {
      case 0:
        members.insert(("n\(random.below(9))", self.node(&random, depth: depth + 1)), at: index)
      case 1: members.remove(at: index)
      case 2: members[index].0 += "x"
      default: members[index].1 = edit(members[index].1, &random, depth: depth + 1)
      }
      return .object(members)
    }
  }

  /// A byte-level break: a byte removed, inserted or replaced by one that matters to the
  /// validator (brackets, separators, quotes, escapes, bad UTF-8, control characters), or
  /// the text cut short.
  static func editBytes(_ text: inout [UInt8], _ random: inout SplitMix) {
    let special: [UInt8] = Array(#"{}[],:"\0a1 -.eu"#.utf8) + [0x80, 0xC3, 0xFF, 0x01, 0xED]
    guard !text.isEmpty else { return }
    let index = random.below(text.count)
    switch random.below(5) {
    case 4:
      // A container of the other kind, with the same members or elements.
      let brackets = text.indices.filter { "[]{}".utf8.contains(text[$0]) }
      guard let bracket = brackets.isEmpty ? nil : brackets[random.below(brackets.count)] else {
        return
      }
      text[bracket] = Array("{}[]".utf8)[Array("[]{}".utf8).firstIndex(of: text[bracket])!]
    case 0: text.remove(at: index)
    case 1: text.insert(special[random.below(special.count)], at: index)
    case 2: text[index] = special[random.below(special.count)]
    default: text.removeSubrange(index...)
    }
  }
}
