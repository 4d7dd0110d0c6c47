import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing

/// `replay LOG --what-if EDIT… --reducer NAME`: the edited history replayed, compared with
/// the recording, in text and JSON, with bisect's exit codes.
struct WhatIfCLITests {
  static let blank = #"any(.todos[]; .title | test("^\\s*$"))"#
  static let stale = "(.resultsQuery == null or .resultsQuery == .query) | not"
  static let search = Repo.root.appendingPathComponent("Fixtures/search-session.jsonl").path

  @Test func withoutEntry117ThePredicateNeverHolds() {
    let (code, out, err) = replay(
      Repo.fixture, "--what-if", "--skip", "117", "--reducer", "todo", "--predicate", Self.blank)
    #expect(code == ExitCode.notFound)
    #expect(err == "")
    #expect(
      out == """
        what if --skip 117: replayed 123 entries from the recorded state after entry 116 through reducer todo
        first divergence: entry 118 (setLoading): its state differs from the recorded one
        without entry 117 the predicate never holds: entry 117 is necessary for the bug
        final state, recorded → edited:
          - /todos/15: {"id":"todo-035","isCompleted":true,"title":"   "}

        """)
    let json = replay(
      Repo.fixture, "--what-if", "--skip", "117", "--reducer", "todo", "--predicate", Self.blank,
      "--format", "json")
    #expect(json.code == 1)
    #expect(
      json.out
        == #"{"edits":[{"op":"skip","seq":117}],"firstDivergence":118,"firstBad":null,"holdsAtEnd":false,"recordedHoldsAtEnd":true,"changes":[{"op":"remove","path":"/todos/15","old":{"id":"todo-035","isCompleted":true,"title":"   "}}],"startedAfter":116,"replayed":123,"dropped":[]}"#
        + "\n")
  }

  @Test func theRaceAsAMoveMakesThePredicateHold() {
    let (code, out, _) = replay(
      Self.search, "--what-if", "--move", "2:3", "--reducer", "search", "--predicate", Self.stale)
    #expect(code == 0)
    #expect(
      out == """
        what if --move 2:3: replayed 5 entries from the recorded state after entry 1 through reducer search
        first divergence: entry 2 (searchResponse): its state differs from the recorded one
        the predicate first holds after entry 2 (searchResponse)
        the final states agree

        """)
    let json = replay(
      Self.search, "--what-if", "--move", "2:3", "--reducer", "search", "--predicate", Self.stale,
      "--format", "json")
    #expect(
      json.out
        == #"{"edits":[{"op":"move","seq":2,"after":3}],"firstDivergence":2,"firstBad":2,"holdsAtEnd":false,"recordedHoldsAtEnd":false,"changes":[],"startedAfter":1,"replayed":5,"dropped":[]}"#
        + "\n")
  }

  @Test func editsApplyInTheOrderGivenAcrossFlags() {
    let (code, out, _) = replay(
      Self.search, "--what-if", "--move", "4:5", "--skip", "5", "--reducer", "search")
    #expect(code == 0)
    #expect(
      out == """
        what if --move 4:5 --skip 5: the edited history is the recording up to entry 4, where it ends: nothing to replay
        also left out: entry 6, sent by the effects of entries left out
        final state, recorded → edited:
          ~ /query: "swift-" → "sw"
          - /results/1: "swift-format"
          + /results/0: "SwiftyJSON"
          + /results/1: "SwiftLint"
          ~ /resultsQuery: "swift-" → "sw"

        """)
    let reversed = replay(
      Self.search, "--what-if", "--skip", "5", "--move", "4:5", "--reducer", "search")
    #expect(reversed.code == ExitCode.usage)
    #expect(
      reversed.err
        == "replay: entry 5 is no longer in the edited history (an earlier edit removed it)\n")
  }

  @Test func insertingAndEditingActions() {
    let inserted = replay(
      Self.search, "--what-if", "--insert", #"7={"queryChanged":{"_0":""}}"#, "--reducer", "search",
      "--format", "json")
    #expect(inserted.code == 0)
    #expect(
      inserted.out
        == #"{"edits":[{"op":"insert","before":7,"action":{"queryChanged":{"_0":""}}}],"firstDivergence":null,"firstBad":null,"holdsAtEnd":null,"recordedHoldsAtEnd":null,"changes":[{"op":"replace","path":"/query","old":"swift-","new":""},{"op":"remove","path":"/results/1","old":"swift-format"},{"op":"remove","path":"/results/0","old":"swift-nio"},{"op":"replace","path":"/resultsQuery","old":"swift-","new":null}],"startedAfter":6,"replayed":1,"dropped":[]}"#
        + "\n")
    let edited = replay(
      Repo.fixture, "--what-if", "--edit",
      #"117={"addTodo":{"id":"todo-035","title":"Walk the dog"}}"#,
      "--reducer", "todo", "--predicate", Self.blank, "--format", "json")
    #expect(edited.code == 1)
    #expect(edited.out.contains(#""firstDivergence":117,"firstBad":null"#))
    #expect(
      edited.out.contains(
        #""changes":[{"op":"replace","path":"/todos/15/title","old":"   ","new":"Walk the dog"}]"#))
  }

  @Test func rangeLimitsTheReplay() {
    let (code, out, _) = replay(
      Self.search, "--what-if", "--skip", "3", "--reducer", "search", "--range", "1..4",
      "--format", "json")
    #expect(code == 0)
    #expect(out.contains(#""startedAfter":2,"replayed":0,"dropped":[4]"#))
    let outside = replay(
      Self.search, "--what-if", "--skip", "5", "--reducer", "search", "--range", "1..4")
    #expect(outside.code == ExitCode.usage)
    #expect(outside.err == "replay: --skip 5: entry 5 is outside the replayed range\n")
  }

  @Test func badEditsNameTheEntryAndThePointer() {
    let missing = replay(Repo.fixture, "--what-if", "--skip", "999", "--reducer", "todo")
    #expect(missing.code == 2)
    #expect(
      missing.err == "replay: --skip 999: entry 999 is out of range (the log has entries 1…240)\n")
    let undecodable = replay(
      Repo.fixture, "--what-if", "--edit", #"117={"addTodo":{"id":"x","title":7}}"#, "--reducer",
      "todo")
    #expect(undecodable.code == ExitCode.incompatibleLog)
    #expect(
      undecodable.err
        == #"replay: edit 1 (--edit): its action {"addTodo":{"id":"x","title":7}} does not decode as TodoAction: expected String at "/addTodo/title" (Expected to decode String but found number instead.)"#
        + "\n")
    let beforeCause = replay(Self.search, "--what-if", "--move", "4:2", "--reducer", "search")
    #expect(beforeCause.code == 2)
    #expect(
      beforeCause.err == "replay: --move 4:2 puts entry 4 before entry 3, whose effect sent it\n")
    let atStart = replay(
      Self.search, "--what-if", "--skip", "3", "--reducer", "search", "--predicate", "true")
    #expect(atStart.code == ExitCode.holdsAtStart)
    #expect(
      atStart.err
        == "replay: \(Self.search): the predicate already holds on the initial state, so no entry makes it hold\n"
    )
  }

  @Test func usageErrors() {
    let none = replay(Self.search, "--what-if", "--reducer", "search")
    #expect(none.code == 2)
    #expect(
      none.err.hasPrefix(
        "replay: --what-if needs an edit: --skip K, --edit K=ACTION_JSON, --insert K=ACTION_JSON or --move K:L\n"
      ))
    let noReducer = replay(Self.search, "--what-if", "--skip", "3")
    #expect(
      noReducer.err.hasPrefix(
        "replay: --what-if needs --reducer NAME (a reducer registered with replay)\n"))
    let notJSON = replay(Self.search, "--what-if", "--edit", "3=nope", "--reducer", "search")
    #expect(
      notJSON.err.hasPrefix(
        "replay: --edit 3=…: the action is not JSON: line 1, column 1: unexpected 'n'; expected a JSON value\n"
      ))
    let badMove = replay(Self.search, "--what-if", "--move", "x", "--reducer", "search")
    #expect(
      badMove.err.hasPrefix("replay: --move takes K:L, entry K to just after entry L, not 'x'\n"))
    let stray = replay(Self.search, "--bisect", "--predicate", "true", "--skip", "3")
    #expect(stray.err.hasPrefix("replay: --skip goes with --what-if\n"))
  }

  @Test func anActionOnlyLogReplaysFromItsKeyframes() throws {
    var text = #"{"format":"replay-log","version":1,"initialState":{"counter":0}}"# + "\n"
    for seq in 1...300 { text += #"{"seq":\#(seq),"action":{"type":"INCREMENT"}}"# + "\n" }
    let log = try TempLog(text)
    let (code, out, _) = replay(
      log.path, "--what-if", "--skip", "250", "--reducer", "redux-counter", "--format", "json")
    #expect(code == 0)
    #expect(
      out
        == #"{"edits":[{"op":"skip","seq":250}],"firstDivergence":251,"firstBad":null,"holdsAtEnd":null,"recordedHoldsAtEnd":null,"changes":[{"op":"replace","path":"/counter","old":300,"new":299}],"startedAfter":249,"replayed":50,"dropped":[]}"#
        + "\n")
  }
}
