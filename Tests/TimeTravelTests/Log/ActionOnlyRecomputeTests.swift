import CounterReducer
import Foundation
import TestSupport
import Testing

@testable import TimeTravel

/// States of action-only logs recomputed through a reducer, kept as keyframes: exact
/// states, and the reducer applications each access costs.
@Suite struct ActionOnlyRecomputeTests {
  static let counter = StateRecomputer(
    name: "redux-counter", reducer: ReduxCounterReducer(), initialState: ReduxCounterState())

  /// An action-only log of `count` increments from `{"counter":0}`, with `extra` lines.
  static func log(_ count: Int, skipping skipped: Set<Int> = [], header: Bool = true) throws
    -> LogFile
  {
    var text =
      header ? #"{"format":"replay-log","version":1,"initialState":{"counter":0}}"# + "\n" : ""
    for seq in 1...count {
      let mark = skipped.contains(seq) ? #","skipped":true"# : ""
      text += #"{"seq":\#(seq),"action":{"type":"INCREMENT"}\#(mark)}"# + "\n"
    }
    return try LogFile(contents: Array(text.utf8), name: "actions.jsonl")
  }

  static func applications(_ log: LogFile) -> Int { log.recomputationCounts?.applications ?? -1 }

  @Test func randomAccessCostsAtMostKMinusOneApplications() throws {
    let log = try Self.log(1000)
    #expect(log.isActionOnly)
    #expect(!log.hasStates)
    try log.recompute(with: Self.counter, keyframeInterval: 10)
    #expect(log.hasStates)
    #expect(try log.state(1000) == ["counter": 1000])
    #expect(Self.applications(log) == 1000)
    // Keyframes at states 0, 10, …, 1000.
    #expect(log.recomputationCounts?.keyframes == 101)
    #expect(try log.state(555) == ["counter": 555])
    #expect(Self.applications(log) == 1005)
    // Onward from the last state reached, not from the keyframe.
    #expect(try log.state(559) == ["counter": 559])
    #expect(Self.applications(log) == 1009)
    // Backward: from the keyframe at 550.
    #expect(try log.state(551) == ["counter": 551])
    #expect(Self.applications(log) == 1010)
    // A keyframe itself, and init, cost nothing.
    #expect(try log.state(250) == ["counter": 250])
    #expect(try log.state(0) == ["counter": 0])
    #expect(Self.applications(log) == 1010)
  }

  @Test func readingEntriesInOrderAppliesEachActionOnce() throws {
    let log = try Self.log(300)
    try log.recompute(with: Self.counter, keyframeInterval: 64)
    var last = -1
    try log.forEachEntry { entry in
      #expect(entry.prior == ["counter": .number(JSONNumber(entry.seq - 1))])
      #expect(entry.next == ["counter": .number(JSONNumber(entry.seq))])
      last = entry.seq
    }
    #expect(last == 300)
    #expect(Self.applications(log) == 300)
  }

  /// A bisect probes the middle first; later probes start from keyframes, so the log is
  /// replayed about once, not once per probe.
  @Test func bisectProbesReplayTheLogAboutOnce() throws {
    let log = try Self.log(100_000)
    try log.recompute(with: Self.counter, keyframeInterval: 64)
    var (good, bad) = (0, 100_000)
    _ = try log.state(0)
    _ = try log.state(100_000)
    while bad - good > 1 {
      let mid = (good + bad) / 2
      let counter = try log.state(mid)["counter"]?.numberValue?.intValue ?? 0
      if counter >= 73_457 { bad = mid } else { good = mid }
    }
    #expect(bad == 73_457)
    // One pass (100,000) plus at most 63 per probe after it.
    #expect(Self.applications(log) <= 100_000 + 17 * 63)
  }

  @Test func skippedEntriesLeaveTheStateUnchanged() throws {
    let log = try Self.log(5, skipping: [2, 3])
    try log.recompute(with: Self.counter)
    #expect(try log.state(5) == ["counter": 3])
    let skipped = try log.entry(3)
    #expect(skipped.prior == ["counter": 1])
    #expect(skipped.next == ["counter": 1])
    #expect(skipped.otherMembers["skipped"] == true)
  }

  @Test func withoutAReducerEntriesHaveNoStates() throws {
    let log = try Self.log(2)
    let entry = try log.entry(2)
    #expect(!entry.hasStates)
    #expect(entry.jsonValue == ["seq": 2, "action": ["type": "INCREMENT"]])
    #expect(throws: LogError.self) { try log.state(1) }
    #expect(
      LogFile.describe { _ = try log.state(1) }
        == "actions.jsonl: the log records actions only, so its states must be recomputed through a reducer (replay's --reducer NAME)"
    )
  }

  @Test func theInitialStateComesFromTheLogThenTheReducer() throws {
    // No header: the first entry's prior.
    let withPrior = try LogFile(
      contents: Array(
        #"{"seq":1,"action":{"type":"INCREMENT"},"prior":{"counter":41}}"#.utf8),
      name: "p.jsonl")
    try withPrior.recompute(with: Self.counter)
    #expect(try withPrior.state(1) == ["counter": 42])
    // Neither: the reducer's registered initial state.
    let bare = try Self.log(2, header: false)
    try bare.recompute(with: Self.counter)
    #expect(try bare.state(2) == ["counter": 2])
    // And without one there, an error naming the reducer.
    let none = try Self.log(2, header: false)
    let noInitial = StateRecomputer(name: "bare", reducer: ReduxCounterReducer())
    #expect(
      LogFile.describe { try none.recompute(with: noInitial) }
        == "actions.jsonl: the log records actions only and no initial state, and reducer bare has none registered to start from"
    )
  }

  @Test func anActionThatDoesNotDecodeNamesItsEntryAndLine() throws {
    let text =
      #"{"format":"replay-log","initialState":{"counter":0}}"# + "\n"
      + #"{"seq":1,"action":{"type":"INCREMENT"}}"# + "\n" + #"{"seq":2,"action":{"kind":"oops"}}"#
      + "\n"
    let log = try LogFile(contents: Array(text.utf8), name: "bad.jsonl")
    try log.recompute(with: Self.counter)
    #expect(try log.state(1) == ["counter": 1])
    do {
      _ = try log.state(2)
      Issue.record("expected an error")
    } catch {
      #expect(error.kind == .doesNotFitReducer)
      #expect(error.line == 3)
      #expect(
        error.message.hasPrefix(
          #"replaying entry 2 through reducer redux-counter: its action {"kind":"oops"} does not decode as ReduxCounterAction: "#
        ))
    }
  }
}

extension LogFile {
  /// The description of the `LogError` `body` throws, or `""`.
  static func describe(_ body: () throws -> Void) -> String {
    do {
      try body()
      return ""
    } catch {
      return (error as? LogError)?.description ?? "\(error)"
    }
  }
}
