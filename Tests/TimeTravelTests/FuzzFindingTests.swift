import Foundation
import ReplayCLI
import Testing

@testable import TimeTravel

/// What the fuzzers found (docs/fuzzing.md), kept tested without libFuzzer: every saved
/// input under Fuzz/findings/ passes its target's check, and each finding has a test
/// with its exact values.
@Suite struct FuzzFindingTests {
  /// The saved findings as (target, file name).
  static let findings: [(String, String)] = {
    let root = PeerResources.repositoryRoot.appendingPathComponent("Fuzz/findings")
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
    let url = PeerResources.repositoryRoot.appendingPathComponent("Fuzz/findings/\(target)/\(name)")
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
}
