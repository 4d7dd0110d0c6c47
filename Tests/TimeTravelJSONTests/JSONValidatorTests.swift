import Foundation
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelJSON

/// The validator and the scanner must accept exactly what the parser accepts.
@Suite struct JSONValidatorTests {
  static func parses(_ bytes: [UInt8]) -> Bool { (try? JSONParser.parse(bytes: bytes)) != nil }

  static func validates(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { JSONValidator.isValid($0) }
  }

  static let valid: [String] = [
    "0", "-0", "12", "1.5e10", "-1.0E-5", "1e+2", "  7  ", "true", "false", "null",
    #""""#, #""a""#, #""\u00e9""#, #""\ud83d\ude00""#, #""\ud800""#, "\"é😀\"", "\"\u{7F}\"",
    #""\"\\\/\b\f\n\r\t""#, #""a long string with \n an escape after eight bytes""#,
    "[]", "{}", " [1, 2 ,3 ] ", #"{"a":{"b":[true,false,null]}}"#, "\t{\r\n\"k\" : [ ] }\n",
    #"[{"x":[{"y":{}}]},[[]],"z"]"#, #"{"a":1,"a":2}"#,
  ]

  static let invalid: [[UInt8]] =
    [
      "", " ", "01", "-01", "00", "1.", ".5", "1e", "1e+", "-", "+1", "[1,]", #"{"a":1,}"#,
      #"{"a" 1}"#, "{a:1}", "[1 2]", #""abc"#, #""\x""#, #""\u12G4""#, #""\u12""#, "tru", "nul",
      "fals", "falsy", "truex", "[1]]", #"{"a":1}}"#, "[", #"{"a":"#, #"{"a""#, "[}", "{]", "1 2",
      "\"tab\there\"", "\"nl\nhere\"", "[1,,2]", ",", #"{"a":1 "b":2}"#, "NaN", "-Infinity",
      #""a long string, unterminated after eight"#, #"["\u"]"#,
    ].map { Array($0.utf8) }
    + [
      [0x22, 0xC3, 0x22],  // truncated 2-byte sequence
      [0x22, 0xC0, 0x80, 0x22],  // overlong NUL
      [0x22, 0xED, 0xA0, 0x80, 0x22],  // encoded surrogate
      [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
      [0x22, 0xFF, 0x22], [0x22, 0x80, 0x22],
      [0x22, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0xE2, 0x82, 0x22],
      Array(#""\u00e9"#.utf8) + [0xC3, 0x22],
    ]

  @Test func agreesWithTheParserOnACorpus() {
    for text in Self.valid {
      let bytes = Array(text.utf8)
      #expect(Self.parses(bytes), "\(text)")
      #expect(Self.validates(bytes), "\(text)")
    }
    for bytes in Self.invalid {
      #expect(!Self.parses(bytes), "\(bytes)")
      #expect(!Self.validates(bytes), "\(bytes)")
    }
  }

  @Test func deepNesting() {
    let depth = 100_000
    let arrays =
      Array(repeating: UInt8(ascii: "["), count: depth)
      + Array(repeating: UInt8(ascii: "]"), count: depth)
    #expect(Self.validates(arrays))
    let mixed =
      Array(String(repeating: #"[{"a":"#, count: depth / 2).utf8) + [0x31]
      + Array(String(repeating: "}]", count: depth / 2).utf8)
    #expect(Self.validates(mixed))
    #expect(!Self.validates(Array(arrays.dropLast())))
    var wrongCloser = arrays
    wrongCloser[depth] = UInt8(ascii: "}")
    #expect(!Self.validates(wrongCloser))
    var wrongDeep = mixed
    wrongDeep[wrongDeep.count - 2] = UInt8(ascii: "]")  // a '}' turned into ']' at depth 2
    #expect(!Self.validates(wrongDeep))
    #expect(!Self.parses(wrongDeep))
  }

  @Test func everyPrefixOfAnEntryAgrees() throws {
    let line = Array(
      #"{"seq":1,"time":"2026-01-05T09:00:03.334Z","action":{"addTodo":{"id":"t-1","title":"Café \"x\" \u00e9"}},"prior":{"todos":[],"n":-1.5e3},"next":{"todos":[{"id":"t-1","isCompleted":false}],"n":0}}"#
        .utf8)
    #expect(Self.validates(line))
    for length in 0..<line.count {
      let prefix = Array(line[..<length])
      #expect(Self.validates(prefix) == Self.parses(prefix), "prefix of \(length) bytes")
    }
  }

  @Test func randomMutationsAgree() {
    let seedDocument = Array(
      #"{"a":[1,-0.5,2e10,true,false,null,"str\n\u00e9 é 😀"],"b":{"c":{},"d":[[]],"e":"long text over eight bytes"},"f":0}"#
        .utf8)
    let alphabet =
      Array(#"{}[]:,"\u0123456789abcdefeE+-.tnr lsx"#.utf8) + [0x0A, 0x01, 0xC3, 0xA9, 0xFF]
    var state: UInt64 = 12345
    func random(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var disagreements = 0
    for _ in 0..<5000 {
      var bytes = seedDocument
      for _ in 0..<(1 + random(3)) {
        let position = random(bytes.count)
        switch random(3) {
        case 0: bytes[position] = alphabet[random(alphabet.count)]
        case 1: bytes.insert(alphabet[random(alphabet.count)], at: position)
        default: bytes.remove(at: position)
        }
      }
      if Self.validates(bytes) != Self.parses(bytes) { disagreements += 1 }
    }
    #expect(disagreements == 0)
  }

  @Test func endOfValueStepsOverOneValue() {
    let bytes = Array(#"  {"a":[1,2]} ,"rest""#.utf8)
    let end = bytes.withUnsafeBufferPointer { JSONValidator.endOfValue(in: $0, from: 0) }
    #expect(end == 13)
    let bad = bytes.withUnsafeBufferPointer { JSONValidator.endOfValue(in: $0, from: 4) }
    #expect(bad == nil)
  }

  @Test func validateThrowsTheParsersError() {
    let bytes = Array(#"{"a":[1,}"#.utf8)
    let thrown = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONParseError) in try JSONValidator.validate(buffer) }.failureError
    }
    #expect(
      thrown
        == JSONParseError(
          message: "unexpected '}'; expected a JSON value", offset: 8, line: 1, column: 9))
  }
}

@Suite struct EntryScannerTests {
  static func scan(_ text: String) -> Result<RawEntry, EntryScanError> {
    Array(text.utf8).withUnsafeBufferPointer { buffer in
      Result { () throws(EntryScanError) in try EntryScanner.scan(line: buffer) }
    }
  }

  static func slice(_ text: String, _ range: Range<Int>) -> String {
    String(decoding: Array(text.utf8)[range], as: UTF8.self)
  }

  @Test func exactRanges() throws {
    let line =
      #"{"seq":3, "time":"t","action":"a","prior": {"x":[1, 2]} ,"next":[1],"extra":{"y":null}}"#
    let entry = try Self.scan(line).get()
    #expect(entry.seq == 3)
    #expect(entry.time == "t")
    #expect(entry.action == "a")
    #expect(entry.prior == 43..<55)
    #expect(Self.slice(line, entry.prior) == #"{"x":[1, 2]}"#)
    #expect(entry.next == 64..<67)
    #expect(Self.slice(line, entry.next) == "[1]")
  }

  @Test func keysInAnyOrderRepeatedAndEscaped() throws {
    let line =
      #"{"next":2,"prior":1,"act\u0069on":{"type":"x"},"prior":[3],"s\u0065q":7,"time":null}"#
    let entry = try Self.scan(line).get()
    #expect(entry.seq == 7)
    #expect(entry.time == nil)
    #expect(entry.actionName == "x")
    #expect(Self.slice(line, entry.prior) == "[3]")
    #expect(Self.slice(line, entry.next) == "2")
  }

  @Test func agreesWithTheLogReaderOnTheFixture() throws {
    let log = try LogFile(path: Repo.fixture)
    for position in log.positions {
      let expected = try log.entry(position)
      let line = try log.rawLine(ofEntry: position)
      let entry = try line.withUnsafeBytes { raw in
        try EntryScanner.scan(line: raw.bindMemory(to: UInt8.self))
      }
      #expect(entry.seq == expected.seq)
      #expect(entry.time == expected.time)
      #expect(entry.action == expected.action)
      let bytes = Array(line)
      #expect(try JSONParser.parse(bytes: bytes[entry.prior]) == expected.prior)
      #expect(try JSONParser.parse(bytes: bytes[entry.next]) == expected.next)
    }
  }

  @Test func malformedLinesCarryTheParsersError() throws {
    for line in [
      #"{"action":1,"prior":{"a":[1,}]},"next":2}"#, #"{"seq":1,"#, "", #"{"seq":01}"#, "[1,2",
    ] {
      let parserError = try #require(
        Result { () throws(JSONParseError) in try JSONParser.parse(line) }.failureError)
      #expect(Self.scan(line).failureError == .malformed(parserError), "\(line)")
    }
  }

  @Test func invalidEntriesUseTheLogReadersMessages() {
    let cases: [(String, String)] = [
      ("[1]", "expected an entry object, found array"),
      (#""x""#, "expected an entry object, found string"),
      (#"{"seq":1.5,"action":1,"prior":1,"next":1}"#, "/seq must be an integer, found 1.5"),
      (#"{"time":3,"action":1,"prior":1,"next":1}"#, "/time must be a string, found number"),
      (#"{"prior":1,"next":1}"#, "the entry has no /action member"),
      (#"{"action":1,"next":1}"#, "the entry has no /prior member"),
      (#"{"action":1,"prior":1}"#, "the entry has no /next member"),
    ]
    for (line, message) in cases {
      #expect(Self.scan(line).failureError == .invalidEntry(message), "\(line)")
    }
  }

  @Test func seqAndTimeReadFromTheirBytesAsTheParserReadsThem() throws {
    let rest = #","action":"a","prior":{},"next":{}}"#
    let seqs: [(String, Int?)] = [
      ("0", 0), ("7", 7), ("-0", 0), ("-12", -12), ("123456789012345678", 123_456_789_012_345_678),
      ("1234567890123456789", 1_234_567_890_123_456_789), ("-9223372036854775808", Int.min),
      ("2.0", 2), ("1e2", 100), ("10E0", 10),
    ]
    for (text, seq) in seqs {
      let entry = try Self.scan(#"{"seq":"# + text + rest).get()
      #expect(entry.seq == seq, "\(text)")
    }
    // The last of a repeated `seq` or `time` counts, whichever way each was read.
    #expect(try Self.scan(#"{"seq":1.5,"seq":5"# + rest).get().seq == 5)
    #expect(
      Self.scan(#"{"seq":5,"seq":1.5"# + rest).failureError
        == .invalidEntry(
          "/seq must be an integer, found 1.5"))
    #expect(
      Self.scan(#"{"seq":5,"seq":null"# + rest).failureError
        == .invalidEntry(
          "/seq must be an integer, found null"))
    #expect(try Self.scan(#"{"seq":null,"seq":5"# + rest).get().seq == 5)
    let times: [(String, String?)] = [
      (#""2026-01-05T09:00:02.069Z""#, "2026-01-05T09:00:02.069Z"), (#""""#, ""),
      (#""caf\u00e9 é""#, "café é"), (#""a\"b""#, #"a"b"#), ("null", nil),
    ]
    for (text, time) in times {
      let entry = try Self.scan(#"{"seq":1,"time":"# + text + rest).get()
      #expect(entry.time == time, "\(text)")
    }
    #expect(try Self.scan(#"{"time":"a","time":null"# + rest).get().time == nil)
    #expect(try Self.scan(#"{"time":null,"time":"b"# + "\"" + rest).get().time == "b")
    // Malformed ones carry the parser's error, as before.
    for line in [
      #"{"seq":01"# + rest, #"{"seq":-"# + rest, #"{"seq":1."# + rest, #"{"seq":"#,
      #"{"time":"a"#, #"{"time":"\x""# + rest, "{\"time\":\"\u{1}\"" + rest,
    ] {
      let parserError = try #require(
        Result { () throws(JSONParseError) in try JSONParser.parse(line) }.failureError)
      #expect(Self.scan(line).failureError == .malformed(parserError), "\(line)")
    }
  }

  @Test func fastSummaryEqualsTheTreeSummary() throws {
    let fixture = try LogFile(path: Repo.fixture)
    #expect(try LogSummary(fastScanning: fixture) == LogSummary(scanning: fixture))
    // Equal by value though not by bytes (no warning), a real break, a seq gap.
    let temp = try TempLog(
      """
      {"seq":1,"action":"a","prior":{"m":[1]},"next":{"m":[1,2],"k":1.0}}
      {"seq":2,"action":"b","prior":{"k":1,"m":[1,2]},"next":{"m":[1,3]}}
      {"seq":4,"action":"a","prior":{"m":[1,4]},"next":{"m":[]}}

      """)
    let log = try LogFile(path: temp.path)
    let fast = try LogSummary(fastScanning: log)
    #expect(fast == (try LogSummary(scanning: log)))
    #expect(
      fast.warnings == [
        LogWarning(
          line: 3,
          message: "seq 4 follows seq 2 (line 2): no entry has seq 3, and no gap record says why"),
        LogWarning(
          line: 3,
          message:
            "entry 4's prior differs from entry 2's next, state 2 (first at \"/m/1\"); every mode counts what entry 4 changed from its own prior, and --diff 2 4 compares the two states"
        ),
      ])
    #expect(fast.actionCounts.map(\.name) == ["a", "b"])
  }

  @Test func fastSummaryReportsTheLogReadersErrors() throws {
    let temp = try TempLog(
      #"{"action":1,"prior":1,"next":1}"# + "\n" + #"{"action":1,"prior":[1,}"# + "\n" + "{}\n")
    let log = try LogFile(path: temp.path)
    let expected = Result { try LogSummary(scanning: log) }.failureError as? LogError
    let actual = Result { () throws(LogError) in try LogSummary(fastScanning: log) }.failureError
    #expect(expected != nil)
    #expect(actual == expected)
  }
}

extension Result {
  var failureError: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
