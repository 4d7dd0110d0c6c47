import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing

/// `replay LOG --races --window W --predicate EXPR --reducer NAME`: the orderings a run
/// could have produced that make the predicate hold, as `--move` edits, in text and JSON,
/// with bisect's exit codes.
struct RacesCLITests {
  static let search = WhatIfCLITests.search
  static let stale = WhatIfCLITests.stale

  @Test func aResponseMovedPastTheNextQueryShowsStaleResults() {
    let (code, out, err) = replay(
      Self.search, "--races", "--window", "1", "--predicate", Self.stale, "--reducer", "search")
    #expect(code == 0)
    #expect(err == "")
    #expect(
      out == """
        explored 2 orderings: 3 actions an effect sent, each moved up to 1 entry later
        2 orderings make the predicate hold (paste the moves into --what-if):
          --move 2:3
            first bad: entry 2 (searchResponse); its state, recorded → reordered:
              ~ /query: "s" → "sw"
          --move 4:5
            first bad: entry 4 (searchResponse); its state, recorded → reordered:
              ~ /query: "sw" → "swift-"

        """)
    let json = replay(
      Self.search, "--races", "--window", "1", "--predicate", Self.stale, "--reducer", "search",
      "--format", "json")
    #expect(json.code == 0)
    #expect(
      json.out
        == #"{"result":"race","orderings":[{"moves":[{"seq":2,"after":3}],"firstBad":2,"changes":[{"op":"replace","path":"/query","old":"s","new":"sw"}]},{"moves":[{"seq":4,"after":5}],"firstBad":4,"changes":[{"op":"replace","path":"/query","old":"sw","new":"swift-"}]}],"explored":2,"effectActions":3,"window":1,"complete":true}"#
        + "\n")
  }

  @Test func aWiderWindowAndTheBudget() {
    let wide = replay(
      Self.search, "--races", "--window", "2", "--predicate", Self.stale, "--reducer", "search",
      "--format", "json")
    #expect(wide.code == 0)
    #expect(
      wide.out.hasPrefix(
        #"{"result":"race","orderings":[{"moves":[{"seq":2,"after":3}],"firstBad":2,"#))
    #expect(
      wide.out.hasSuffix(#""explored":4,"effectActions":3,"window":2,"complete":true}"# + "\n"))
    let budget = replay(
      Self.search, "--races", "--window", "1", "--predicate", Self.stale, "--reducer", "search",
      "--max-orderings", "1")
    #expect(budget.code == 0)
    #expect(
      budget.out == """
        explored 1 ordering: 3 actions an effect sent, each moved up to 1 entry later; --max-orderings stopped the search, there may be more
        1 ordering makes the predicate hold (paste the moves into --what-if):
          --move 2:3
            first bad: entry 2 (searchResponse); its state, recorded → reordered:
              ~ /query: "s" → "sw"

        """)
  }

  @Test func noOrderingAndThePredicatesThatNeedNone() {
    let none = replay(
      Self.search, "--races", "--window", "1", "--predicate", #".query == "nope""#, "--reducer",
      "search", "--format", "json")
    #expect(none.code == ExitCode.notFound)
    #expect(
      none.out
        == #"{"result":"none","orderings":[],"explored":2,"effectActions":3,"window":1,"complete":true}"#
        + "\n")
    let recorded = replay(
      Self.search, "--races", "--window", "1", "--predicate", #".query == "sw""#, "--reducer",
      "search")
    #expect(recorded.code == ExitCode.holdsAtStart)
    #expect(
      recorded.err
        == "replay: \(Self.search):6: the predicate already holds in the recorded order, from entry 3 on: no reordering is needed to make it hold\n"
    )
    let initial = replay(
      Self.search, "--races", "--window", "1", "--predicate", #".query == """#, "--reducer",
      "search")
    #expect(initial.code == ExitCode.holdsAtStart)
    #expect(
      initial.err
        == "replay: \(Self.search): the predicate already holds on the initial state, so no ordering makes it hold\n"
    )
  }

  @Test func badInput() {
    let zero = replay(
      Self.search, "--races", "--window", "0", "--predicate", Self.stale, "--reducer", "search")
    #expect(zero.code == ExitCode.usage)
    #expect(zero.err.hasPrefix("replay: --window takes a positive number, not '0'\n"))
    let noWindow = replay(Self.search, "--races", "--predicate", Self.stale, "--reducer", "search")
    #expect(noWindow.code == ExitCode.usage)
    #expect(
      noWindow.err.hasPrefix(
        "replay: --races needs --window W (how many entries an action may pass)\n"))
    let failing = replay(
      Self.search, "--races", "--window", "1", "--predicate", #"error("boom")"#, "--reducer",
      "search")
    #expect(failing.code == ExitCode.evaluationError)
    #expect(
      failing.err
        == "replay: \(Self.search): the predicate failed on the initial state: boom\n")
  }
}

/// `entry(K)` in the predicates of `--what-if`, `--minimize` and `--races`: entry K of the
/// history being judged, up to the state judged, with the states it has there.
struct EditedHistoryEntryTests {
  static let search = WhatIfCLITests.search
  /// The response to "s" (entry 2) applied after the query "sw" (entry 3).
  static let lateResponse =
    #"entry(2) != null and entry(3) != null and entry(2).prior.query == entry(3).action.queryChanged._0"#

  @Test func aSkippedEntryIsNullInTheEditedHistory() {
    let (code, out, _) = replay(
      Repo.fixture, "--what-if", "--skip", "117", "--reducer", "todo", "--predicate",
      "entry(117) != null")
    #expect(code == ExitCode.notFound)
    #expect(
      out == """
        what if --skip 117: replayed 123 entries from the recorded state after entry 116 through reducer todo
        first divergence: entry 118 (setLoading): its state differs from the recorded one
        without entry 117 the predicate never holds: entry 117 is necessary for the bug
        final state, recorded → edited:
          - /todos/15: {"id":"todo-035","isCompleted":true,"title":"   "}

        """)
  }

  @Test func aMovedEntryHasTheStatesOfItsNewPlace() {
    let (code, out, _) = replay(
      Self.search, "--what-if", "--move", "2:3", "--reducer", "search", "--predicate",
      Self.lateResponse, "--format", "json")
    #expect(code == 0)
    #expect(out.contains(#""firstBad":2,"holdsAtEnd":true,"recordedHoldsAtEnd":false"#))
  }

  @Test func aMinimisationKeepsTheEntryThePredicateNames() {
    let (code, out, _) = replay(
      Repo.fixture, "--minimize", "--predicate", #"entry(117) != null and .filter == "completed""#,
      "--reducer", "todo", "--format", "json")
    #expect(code == 0)
    #expect(out.hasPrefix(#"{"kept":[{"seq":117,"#))
    #expect(out.contains(#"{"seq":236,"action":{"setFilter":{"_0":"completed"}}"#))
    #expect(out.hasSuffix(#""from":240,"replays":48,"minimal":true,"stop":"minimal"}"# + "\n"))
  }

  @Test func aRaceFoundThroughTheStatesOfTwoEntries() {
    let (code, out, _) = replay(
      Self.search, "--races", "--window", "1", "--predicate", Self.lateResponse, "--reducer",
      "search", "--format", "json")
    #expect(code == 0)
    #expect(
      out
        == #"{"result":"race","orderings":[{"moves":[{"seq":2,"after":3}],"firstBad":2,"changes":[{"op":"replace","path":"/query","old":"s","new":"sw"}]}],"explored":2,"effectActions":3,"window":1,"complete":true}"#
        + "\n")
  }

  @Test func aSeqThatIsNotANumberIsAnError() {
    let (code, _, err) = replay(
      Self.search, "--races", "--window", "1", "--predicate", #"entry("x")"#, "--reducer",
      "search")
    #expect(code == ExitCode.evaluationError)
    #expect(
      err
        == "replay: \(Self.search): the predicate failed on the initial state: entry/1 takes an entry's seq (an integer), not \"x\"\n"
    )
  }
}
