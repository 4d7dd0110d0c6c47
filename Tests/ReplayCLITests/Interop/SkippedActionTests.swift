import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelJSON

/// An action Redux DevTools marked skipped (`skippedActionIds`) is applied by no replay:
/// `--verify`, `--emit-test`, `--convert --reducer` and the recomputation of an
/// action-only history all leave the state as it was, and say so where it matters.
@Suite struct SkippedActionTests {
  static let lifted = Repo.root.appendingPathComponent(
    "Fixtures/interop/redux-devtools-liftedstate.json"
  ).path

  @Test func theFixtureVerifies() {
    let (code, out, err) = replay(Self.lifted, "--verify", "--reducer", "redux-counter")
    #expect(err == "")
    #expect(
      out == """
        note: entry 4 was skipped in Redux DevTools, so its action was not applied (its state is unchanged)
        verified 4 entries: every recomputed state matches the log

        """)
    #expect(code == 0)
    let json = replay(
      Self.lifted, "--verify", "--reducer", "redux-counter", "--format", "json")
    #expect(json.out == #"{"ok":true,"entries":4,"skipped":[4]}"# + "\n")
  }

  /// A skipped entry whose recorded state changed anyway is a divergence: the replay
  /// keeps the state, so the log is wrong about it.
  @Test func aSkippedEntryThatChangedTheStateDiverges() throws {
    let log = try TempLog(
      """
      {"format":"replay-log","version":1}
      {"seq":1,"action":{"type":"INCREMENT"},"prior":{"counter":0},"next":{"counter":1}}
      {"seq":2,"action":{"type":"INCREMENT"},"skipped":true,"prior":{"counter":1},"next":{"counter":2}}

      """)
    let (code, out, _) = replay(log.path, "--verify", "--reducer", "redux-counter")
    #expect(code == ExitCode.diverged)
    #expect(
      out.hasSuffix(
        """
        entry 2 (INCREMENT) diverges: the recomputed state differs from the recorded one at 1 path
          /counter: recorded 2, recomputed 1
        action: {"type":"INCREMENT"}

        """))
  }

  @Test func theGeneratedTestDoesNotSendIt() {
    let (code, out, _) = replay(Self.lifted, "--emit-test", "--reducer", "redux-counter")
    #expect(code == 0)
    #expect(
      out.contains(
        """
          // entry 4 (ADD)
          // Skipped in Redux DevTools: its action is not applied, and the state is unchanged.

          // entry 5 (DECREMENT)
          try store.send(decode(#"{"type":"DECREMENT"}"#)) {
            $0.counter = 2
          }
        """))
    #expect(!out.contains(#"{"type":"ADD","amount":10}"#))
  }

  /// An action-only lifted state (no `computedStates`) gets its states through the
  /// reducer with the skip honoured, and the converted log verifies.
  @Test func aConvertedActionOnlyHistoryVerifies() throws {
    let source = try JSONParser.parse(String(contentsOfFile: Self.lifted, encoding: .utf8))
    guard case .object(var document) = source else {
      Issue.record("the fixture is not an object")
      return
    }
    document["computedStates"] = nil
    let actionOnly = try TempLog(JSONPrinter.compact.print(.object(document)))
    let converted = replay(actionOnly.path, "--convert", "--reducer", "redux-counter")
    #expect(converted.code == 0)
    let lines = converted.out.split(separator: "\n").map(String.init)
    #expect(
      lines.last
        == #"{"seq":6,"time":"2024-06-21T20:00:06.001Z","action":{"type":"INCREMENT"},"prior":{"counter":2},"next":{"counter":3}}"#
    )
    #expect(
      lines.contains(
        #"{"seq":4,"time":"2024-06-21T20:00:04.250Z","action":{"type":"ADD","amount":10},"skipped":true,"prior":{"counter":3},"next":{"counter":3}}"#
      ))
    let log = try TempLog(converted.out)
    let verified = replay(log.path, "--verify", "--reducer", "redux-counter")
    #expect(verified.code == 0)
    #expect(verified.out.hasSuffix("verified 4 entries: every recomputed state matches the log\n"))
  }

  @Test func theReplayerReportsTheSkippedEntries() throws {
    let log = try LogOpener.open(path: Self.lifted).log
    let report = try Replayer(reducer: ReduxCounterProbe()).report(log)
    #expect(report.outcome == .verified(entries: 4))
    #expect(report.skippedEntries == [4])
    #expect(try log.entry(2).isSkipped)
    #expect(try !log.entry(1).isSkipped)
  }
}

/// The Redux DevTools counter, as CounterReducer defines it, kept here so the library
/// test needs no sample module.
private struct ReduxCounterProbe: Reducer {
  struct State: Codable, Equatable { var counter: Int }
  struct Action: Decodable {
    var type: String
    var amount: Int?
  }
  func reduce(into state: inout State, action: Action) {
    switch action.type {
    case "INCREMENT": state.counter += 1
    case "DECREMENT": state.counter -= 1
    case "ADD": state.counter += action.amount ?? 0
    default: break
    }
  }
}
