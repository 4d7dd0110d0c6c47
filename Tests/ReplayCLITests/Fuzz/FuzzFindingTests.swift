import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelDiff
@testable import TimeTravelJQ

/// What the fuzzers found (docs/fuzzing.md), kept tested without libFuzzer: every saved
/// input under Fuzz/findings/ passes its target's check, and each finding has a test
/// with its exact values.
@Suite struct FuzzFindingTests {
  /// The saved findings as (target, file name).
  static let findings: [(String, String)] = {
    let root = Repo.root.appendingPathComponent("Fuzz/findings")
    var found: [(String, String)] = []
    for target in FuzzChecks.targets.keys.sorted() {
      let names =
        (try? FileManager.default.contentsOfDirectory(
          atPath: root.appendingPathComponent(target).path)) ?? []
      found += names.sorted().map { (target, $0) }
    }
    return found
  }()

  @Test(arguments: findings)
  func savedFindingPassesItsCheck(target: String, name: String) throws {
    let url = Repo.root.appendingPathComponent("Fuzz/findings/\(target)/\(name)")
    let bytes = Array(try Data(contentsOf: url))
    let check = try #require(FuzzChecks.targets[target])
    #expect(check(bytes) == nil)
  }

  // MARK: - JSON Pointer: RFC 6901 works on code points, not Swift Characters

  @Test func aSlashFollowedByACombiningMarkStillSeparatesTokens() throws {
    let pointer = try JSONPointer(parsing: "/\u{301}")
    #expect(pointer.tokens.map { Array($0.unicodeScalars) } == [["\u{301}"]])
    #expect(pointer.description.unicodeScalars.elementsEqual("/\u{301}".unicodeScalars))
    let two = try JSONPointer(parsing: "/a/\u{301}b")
    #expect(two.tokens.map { Array($0.unicodeScalars) } == [["a"], ["\u{301}", "b"]])
    #expect(
      JSONPointer(tokens: ["/\u{301}"]).description.unicodeScalars.map(\.value) == [
        0x2F, 0x7E, 0x31, 0x301,
      ])
  }

  @Test func aTildeFollowedByACombiningMarkIsAnError() {
    #expect(
      throws: JSONPointerError(
        message:
          "JSON Pointer \"/~\u{301}\": \"~\" must be followed by \"0\" or \"1\" (RFC 6901 §3)"
      )
    ) { try JSONPointer(parsing: "/~\u{301}") }
    #expect(
      JSONPointer(tokens: ["~\u{301}"]).description.unicodeScalars.map(\.value) == [
        0x2F, 0x7E, 0x30, 0x301,
      ])
  }

  @Test func pointersToCanonicallyEquivalentKeysAreDifferent() throws {
    let composed = JSONPointer(tokens: ["\u{E9}"])
    let decomposed = JSONPointer(tokens: ["e\u{301}"])
    #expect(composed != decomposed)
    #expect(Set([composed, decomposed]).count == 2)
    #expect(!decomposed.appending("x").hasPrefix(composed))
    // A move into the other key is not a move into the value itself (RFC 6902 §4.4).
    let patch = try JSONPatch(
      parsing: JSONParser.parse(#"[{"op":"move","from":"/\u00e9","path":"/e\u0301/x"}]"#))
    let result = try patch.apply(to: JSONParser.parse(#"{"\u00e9":1,"e\u0301":{}}"#))
    #expect(JSONPrinter.compact.print(result) == "{\"e\u{301}\":{\"x\":1}}")
  }

  // MARK: - Log reader

  /// Messages quote the log, and the log is untrusted: a warning or an error of the
  /// reader escapes each control character when it is made, whoever prints it.
  @Test func warningsAndErrorsEscapeTheControlCharactersTheyQuote() {
    #expect(
      LogWarning(line: 5, message: "entry 4 (toggleT\u{7F}do)").message
        == #"entry 4 (toggleT\u007fdo)"#)
    #expect(
      LogError(
        kind: .invalidEntry, path: "a\u{1B}.jsonl", line: 2, message: "\u{1B}[2J\u{85}\u{2028}x"
      )
      .description == "a\u{1B}.jsonl:2: " + #"\u001b[2J\u0085\u2028x"#)
    #expect(LogWarning(line: nil, message: "two\nlines, é").message == "two\nlines, é")
  }

  @Test func anEscapeOfAControlByteIsNamedNotQuoted() {
    #expect(
      throws: JSONParseError(
        message: "invalid escape: a backslash before byte 0x00 in a string", offset: 1, line: 1,
        column: 2)
    ) { try JSONParser.parse("\"\\\u{0}\"") }
    #expect(
      throws: JSONParseError(
        message: #"invalid escape '\x' in a string"#, offset: 1, line: 1, column: 2)
    ) { try JSONParser.parse(#""\x""#) }
  }

  @Test func aPendingEntrysActionNameIsEscapedInItsWarning() throws {
    let url = Repo.root.appendingPathComponent("Fuzz/findings/log/pending-action-name-with-del")
    let log = try LogFile(contents: Array(try Data(contentsOf: url)), name: "fuzz.jsonl")
    #expect(
      log.warnings.map(\.description).filter { $0.contains("ended during") } == [
        #"line 5: the session ended during entry 4 (toggleT\u007fdo): the app stopped while applying it"#
      ])
  }

  @Test func theFastSummaryReadsACompactLog() throws {
    let text =
      #"{"format":"replay-log","version":1,"encoding":"compact"}"# + "\n"
      + #"{"seq":1,"action":"a","prior":{"n":0},"next":{"n":1}}"# + "\n"
      + #"{"seq":2,"patch":[{"op":"replace","path":"/n","value":2}],"action":"b"}"# + "\n"
    let log = try LogFile(contents: Array(text.utf8), name: "compact.jsonl")
    let fast = try LogSummary(fastScanning: log)
    #expect(fast == (try LogSummary(scanning: log)))
    #expect(fast.entryCount == 2)
    #expect(fast.actionCounts.map(\.name) == ["a", "b"])
    #expect(fast.warnings == [])
  }

  /// Found by `Fuzz/run.sh log`: a first entry with `prior` and no `next` (a damaged
  /// `next`) made a log whose other entries record states read as action-only, every
  /// recorded state ignored, and the log check flagged it. Before an entry with a `next`,
  /// such a first entry is a full entry missing its `next`: the same error on every path.
  /// (Before action-only entries it is the initial state, as the format says.)
  @Test func aFirstEntryWithAPriorAndNoNextIsTheSameErrorOnEveryPath() throws {
    let text =
      #"{"seq":1,"action":{"a":{}},"prior":{"n":0},"nex":{"n":1}}"# + "\n"
      + #"{"seq":2,"action":{"a":{}},"prior":{"n":1},"next":{"n":2}}"# + "\n"
    let log = try LogFile(contents: Array(text.utf8), name: "x.jsonl")
    #expect(!log.isActionOnly)
    let missing = LogError(
      kind: .invalidEntry, path: "x.jsonl", line: 1, message: "the entry has no /next member")
    #expect(throws: missing) { try LogSummary(fastScanning: log) }
    #expect(throws: missing) { try LogSummary(fastScanning: log, threads: 1) }
    #expect(throws: missing) { try LogSummary(scanning: log) }
    #expect(throws: missing) { try log.entry(1) }
    let file = try TempLog(text)
    for arguments in [
      [], ["--format", "json"], ["--show", "1"], ["--find", "true"], ["--watch", "/n"],
      ["--blame", "/n"], ["--diff", "1"], ["--bisect", "--predicate", ".n > 1"],
    ] {
      let run = replay(file.path, arguments: arguments)
      #expect(run.code == 3, "\(arguments)")
      #expect(run.err == "replay: \(file.path):1: the entry has no /next member\n", "\(arguments)")
    }
    let stepped = replay([file.path, "--step"], environment: [:], stdin: "next\n")
    #expect(stepped.code == 3)
    #expect(stepped.err == "replay: \(file.path):1: the entry has no /next member\n")
    // Before entries that record actions only, the prior is the initial state.
    let actions = try LogFile(
      contents: Array(
        (#"{"seq":1,"action":"a","prior":{"n":0}}"# + "\n" + #"{"seq":2,"action":"b"}"# + "\n")
          .utf8),
      name: "a.jsonl")
    #expect(actions.isActionOnly)
    #expect(actions.recordedInitialState == ["n": 0])
  }

  /// Found by `Fuzz/run.sh log` (`cause-after-its-effect`): an entry whose recorded cause
  /// is a later entry had that entry put before it on its chain of causes (entry 2's
  /// chain was [4, 2]), with a warning. A cause after what it caused ends the chain, as
  /// a cycle does, so a chain is always in log order, and `--why` does not call the
  /// entry uncaused.
  @Test func aCauseAfterWhatItCausedEndsTheChain() throws {
    let text =
      #"{"seq":1,"action":{"a":{}},"prior":{"n":0},"next":{"n":1}}"# + "\n"
      + #"{"seq":2,"action":{"b":{}},"origin":{"cause":3,"effect":"e"},"prior":{"n":1},"next":{"n":2}}"#
      + "\n" + #"{"seq":3,"action":{"c":{}},"prior":{"n":2},"next":{"n":3}}"# + "\n"
    let log = try LogFile(contents: Array(text.utf8), name: "x.jsonl")
    let chain = try log.causeChain(ofEntry: 2)
    #expect(chain.links.map(\.seq) == [2])
    #expect(
      chain.warnings == [
        LogWarning(
          line: 2,
          message: "entry 2's cause, entry 3, does not come before it; the chain stops here")
      ])
    let file = try TempLog(text)
    let why = replay(file.path, arguments: ["--why", "2"])
    #expect(why.code == 0)
    #expect(
      why.out == "entry 2 (b): its recorded cause, entry 3, cannot be followed:\n  entry 2 (b)\n")
    #expect(
      why.err
        == "replay: warning: \(file.path):2: entry 2's cause, entry 3, does not come before it; the chain stops here\n"
    )
  }

  // MARK: - jq lexer: code points, not Swift Characters

  @Test func aQuoteFollowedByACombiningMarkOpensAString() throws {
    let filter = try JQFilter("\"\u{301}\" | length, explode")
    #expect(try filter.evaluate(.null).map(JSONPrinter.compact.print) == ["1", "[769]"])
    let closing = try JQFilter("[\"a\u{301}\", \"\u{301}\"] | map(length)")
    #expect(try closing.evaluate(.null).map(JSONPrinter.compact.print) == ["[2,1]"])
  }

  @Test func aLoneSurrogateEscapeIsTheReplacementCharacter() throws {
    for (source, expected) in [
      (#""\ud800x""#, "\u{FFFD}x"), (#""\ud800""#, "\u{FFFD}"),
      (#""\ud800\n""#, "\u{FFFD}\n"), (#""\ud800\ud800\udc00""#, "\u{FFFD}\u{10000}"),
      (#""\udc00""#, "\u{FFFD}"), (#""\ud83d\ude00""#, "\u{1F600}"),
    ] {
      let outputs = try JQFilter(source).evaluate(.null)
      #expect(outputs.count == 1)
      guard case .string(let text) = outputs.first else {
        Issue.record("\(source) gave \(outputs)")
        continue
      }
      #expect(text.unicodeScalars.elementsEqual(expected.unicodeScalars), "\(source)")
    }
  }

  @Test func aUnicodeEscapeNeedsFourHexDigits() {
    #expect(
      throws: JQSyntaxError(
        message: "invalid \\u escape in string literal", column: 2, source: #""\u+123""#)
    ) { try JQFilter(#""\u+123""#) }
  }

  @Test func syntaxErrorsNameTheCharacterColumnAndEscapeControlCharacters() {
    // Column 5: "é" (e and U+0301) is one column, as a terminal shows it.
    #expect(
      throws: JQSyntaxError(
        message: "unexpected character '\\u{1B}'", column: 5, source: "\"e\u{301}\" \u{1B}")
    ) { try JQFilter("\"e\u{301}\" \u{1B}") }
    let (code, out, err) = replay("--eval", "\u{1B}[31m", stdin: "null")
    #expect(code == ExitCode.usage)
    #expect(out == "")
    #expect(
      err == "replay: syntax error at column 1: unexpected character '\\u{1B}'\n\u{FFFD}[31m\n^\n")
  }

  // MARK: - jq builtins (found by Fuzz/jqdiff.py against jq)

  static func outputs(_ program: String, _ input: String) throws -> [String] {
    try JQFilter(program).evaluate(JSONParser.parse(input)).map(JSONPrinter.compact.print)
  }

  @Test func toEntriesOfAnArrayKeysByIndex() throws {
    #expect(try Self.outputs("to_entries", "[]") == ["[]"])
    #expect(
      try Self.outputs("to_entries", #"["a",null]"#) == [
        #"[{"key":0,"value":"a"},{"key":1,"value":null}]"#
      ])
    #expect(throws: JQRuntimeError(message: "number (1) has no keys")) {
      try Self.outputs("to_entries", "1")
    }
  }

  @Test func addOfNullIsAnError() throws {
    #expect(throws: JQRuntimeError(message: "Cannot iterate over null (null)")) {
      try Self.outputs("add", "null")
    }
    #expect(try Self.outputs("add", "[]") == ["null"])
    #expect(try Self.outputs(#"{"a":1,"b":2} | add"#, "null") == ["3"])
  }

  @Test func nullHasNoKey() throws {
    #expect(
      try Self.outputs(#"has("a"), has(0), has(null)"#, "null") == ["false", "false", "false"])
    #expect(throws: JQRuntimeError(message: "Cannot check whether number has a string key")) {
      try Self.outputs(#"has("a")"#, "1")
    }
  }

  @Test func flattenOfAnObjectFlattensItsValues() throws {
    #expect(try Self.outputs("flatten", #"{"a":[1,[2]],"b":3}"#) == ["[1,2,3]"])
    #expect(try Self.outputs("flatten(1)", #"{"a":[1,[2]],"b":{"c":4}}"#) == [#"[1,[2],{"c":4}]"#])
    #expect(throws: JQRuntimeError(message: "Cannot iterate over null (null)")) {
      try Self.outputs("flatten", "null")
    }
  }

  @Test func getpathThroughAScalarIsAnError() throws {
    #expect(throws: JQRuntimeError(message: #"Cannot index number with string ("a")"#)) {
      try Self.outputs(#"getpath(["a"])"#, "1")
    }
    #expect(throws: JQRuntimeError(message: #"Cannot index array with string ("b")"#)) {
      try Self.outputs(#"getpath(["a","b"])"#, #"{"a":[1]}"#)
    }
    #expect(
      try Self.outputs(#"getpath(["a","b"]), getpath(["x",0])"#, #"{"a":{"b":2}}"#) == [
        "2", "null",
      ])
    #expect(
      try Self.outputs(#"[paths(type == "number")], pick(.a.b)"#, #"{"a":{"b":2}}"#) == [
        #"[["a","b"]]"#, #"{"a":{"b":2}}"#,
      ])
  }

  @Test func anErrorOnTheLeftOfTheAlternativeOperatorIsAnError() throws {
    #expect(throws: JQRuntimeError(message: #"Cannot index number with string ("a")"#)) {
      try Self.outputs(".a // 3", "1")
    }
    #expect(throws: JQRuntimeError(message: "x")) {
      try Self.outputs(#"[(1, error("x")) // 2]"#, "null")
    }
    #expect(
      try Self.outputs(".a? // 3, [.[]? // 2], ((null, false) // 4)", "1") == ["3", "[2]", "4"])
    #expect(
      try Self.outputs(#".a // "none", [.b[] // 0]"#, #"{"b":[null,5]}"#) == [#""none""#, "[5]"])
  }
}
