import CLITestSupport
import Foundation
import TestSupport
import Testing

/// The samples of other tools' histories in `../shared/interop/` (present in CI, not in a
/// user's clone): each opens, and its summary, last state and bisect are exact.
@Suite(
  .enabled(
    if: [
      "interop/redux-devtools-export-liftedstate.json",
      "interop/redux-devtools-export-actions.json",
      "interop/elm-history.txt",
    ].allSatisfy(PeerResources.hasShared),
    "needs the interop samples in ../shared/interop"))
struct InteropSharedSampleTests {
  static let lifted = PeerResources.shared("interop/redux-devtools-export-liftedstate.json").path
  static let actions = PeerResources.shared("interop/redux-devtools-export-actions.json").path
  static let elm = PeerResources.shared("interop/elm-history.txt").path

  @Test func liftedStateSummaryShowsTheSkip() {
    let (code, out, err) = replay(Self.lifted)
    #expect(code == 0)
    #expect(err == "")
    #expect(
      out == """
        \(Self.lifted): 3 entries
        from: a Redux DevTools lifted-state export
        skipped: entry 3 (skipped in Redux DevTools, so its state is unchanged)
        time: 2024-06-21T20:00:01.200Z … 2024-06-21T20:00:01.400Z (0s)
        actions:
          INCREMENT  3
        warnings: none

        """)
  }

  @Test func liftedStateLastStateAndBisect() {
    let show = replay(Self.lifted, "--show", "4", "--format", "json")
    #expect(show.code == 0)
    #expect(
      show.out
        == #"{"seq":4,"action":{"type":"INCREMENT"},"actionName":"INCREMENT","time":"2024-06-21T20:00:01.400Z","state":{"counter":3}}"#
        + "\n")
    // The state before the first kept action is @@INIT's, after maxAge folded action 1.
    #expect(
      replay(Self.lifted, "--show", "init", "--format", "json").out.contains(
        #""state":{"counter":1}"#))
    let bisect = replay(Self.lifted, "--bisect", "--predicate", ".counter >= 3")
    #expect(bisect.code == 0)
    #expect(
      bisect.out == """
        entry 4 (INCREMENT) is the first bad entry
        time:   2024-06-21T20:00:01.400Z
        action: {"type":"INCREMENT"}
        changes:
          ~ /counter: 2 → 3
        evaluated 4 of 4 states
        confirmed: no earlier state is bad (scanned states 2…3)

        """)
    // The skipped entry changes nothing.
    #expect(replay(Self.lifted, "--diff", "3").out.contains("no changes"))
  }

  @Test func defaultExportNeedsAReducerForStates() {
    let summary = replay(Self.actions)
    #expect(summary.code == 0)
    #expect(
      summary.out == """
        \(Self.actions): 3 entries
        from: a Redux DevTools default export
        states: none recorded (actions only); --reducer NAME recomputes them
        actions:
          INCREMENT  3
        warnings: none

        """)
    let refused = replay(Self.actions, "--show", "3")
    #expect(refused.code == 2)
    #expect(
      refused.err
        == "replay: \(Self.actions) records actions only (a Redux DevTools default export), and --show needs states: add --reducer NAME to recompute them through a registered reducer (registered: elm-counter, login, redux-counter, search, todo)\n"
    )
  }

  /// Replaying the default export gives counter 4, where the recorded history (with its
  /// skip) ends at 3: the export lost the skip, as the samples' README says.
  @Test func defaultExportReplaysThroughTheReducer() {
    let show = replay(Self.actions, "--reducer", "redux-counter", "--show", "3", "--format", "json")
    #expect(show.code == 0)
    #expect(
      show.out
        == #"{"seq":3,"action":{"type":"INCREMENT"},"actionName":"INCREMENT","state":{"counter":4}}"#
        + "\n")
    let bisect = replay(
      Self.actions, "--reducer", "redux-counter", "--bisect", "--predicate", ".counter >= 3")
    #expect(bisect.code == 0)
    #expect(
      bisect.out == """
        entry 2 (INCREMENT) is the first bad entry
        action: {"type":"INCREMENT"}
        changes:
          ~ /counter: 2 → 3
        evaluated 4 of 4 states
        confirmed: no earlier state is bad (scanned state 1)

        """)
  }

  @Test func elmHistorySummaryShowsItsMessageType() {
    let (code, out, _) = replay(Self.elm)
    #expect(code == 0)
    #expect(
      out == """
        \(Self.elm): 3 entries
        from: an Elm debugger history
        Elm 0.19.1, message type Main.Msg = Decrement | Increment | SetName String.String
        states: none recorded (actions only); --reducer NAME recomputes them
        actions:
          Increment  1
          SetName    1
          Decrement  1
        warnings: none

        """)
  }

  @Test func elmHistoryReplaysFromTheReducersInitialState() {
    let show = replay(Self.elm, "--reducer", "elm-counter", "--show", "3", "--format", "json")
    #expect(
      show.out
        == #"{"seq":3,"action":{"$":"Decrement"},"actionName":"Decrement","state":{"count":0,"name":"bob"}}"#
        + "\n")
    let bisect = replay(
      Self.elm, "--reducer", "elm-counter", "--bisect", "--predicate", #".name == "bob""#)
    #expect(bisect.code == 0)
    #expect(
      bisect.out == """
        entry 2 (SetName) is the first bad entry
        action: {"$":"SetName","a":"bob"}
        changes:
          ~ /name: "" → "bob"
        evaluated 4 of 4 states
        confirmed: no earlier state is bad (scanned state 1)

        """)
  }
}
