import TimeTravelDiff
import TimeTravelJSON

/// What ``WhatIf/run(_:predicate:observe:)`` found: where the edited history first
/// departs from the recording, the diff of the final states, and with a predicate,
/// the first bad entry of the edited history.
public struct WhatIfResult: Sendable, Equatable {
  /// The edits, as given.
  public var edits: [HistoryEdit]
  /// The edited history that was replayed: from its first entry that differs from the
  /// recording (moved, edited, inserted, or the first after a skipped one) to the end of
  /// the range.
  public var replayed: [EditedEntry]
  /// The log's state the replay started from: 0 for the initial state, k for the state
  /// after the entry at position k. Entries before it are as recorded and were not
  /// replayed (with keyframes or recorded states, nothing before it was recomputed).
  public var startState: Int
  /// The `seq` of the last entry before the replay, `nil` when it started from the
  /// initial state.
  public var startedAfter: Int?
  /// Entries removed with their cause (actions their effects sent), by `seq`.
  public var dropped: [Int]
  /// The `seq` of the edited history's first recorded entry whose state differs from
  /// the one the log records after it; `nil` when every state agrees.
  public var firstDivergence: Int?
  /// The first entry of the edited history whose state the predicate holds on; `nil`
  /// without a predicate or when it never holds.
  public var firstBad: EditedEntry?
  /// Whether ``firstBad`` lies before the edits, among the recorded entries that were
  /// not replayed (found by bisection over their recorded states, as `replay --bisect`).
  public var firstBadIsRecorded: Bool
  /// Whether the predicate holds on the edited history's final state; `nil` without a
  /// predicate.
  public var holdsAtEnd: Bool?
  /// Whether it holds on the recorded final state (of the range); `nil` without one.
  public var recordedHoldsAtEnd: Bool?
  /// The recorded final state of the range.
  public var recordedFinal: JSONValue
  /// The edited history's final state.
  public var final: JSONValue
  /// The diff of the final states, recorded (old) → edited (new), as `--diff` gives it.
  public var changes: [JSONChange]

  /// Creates a result; ``changes`` is computed from the two final states.
  public init(
    edits: [HistoryEdit], replayed: [EditedEntry], startState: Int, startedAfter: Int?,
    dropped: [Int], firstDivergence: Int?, firstBad: EditedEntry?, firstBadIsRecorded: Bool,
    holdsAtEnd: Bool?, recordedHoldsAtEnd: Bool?, recordedFinal: JSONValue, final: JSONValue
  ) {
    self.edits = edits
    self.replayed = replayed
    self.startState = startState
    self.startedAfter = startedAfter
    self.dropped = dropped
    self.firstDivergence = firstDivergence
    self.firstBad = firstBad
    self.firstBadIsRecorded = firstBadIsRecorded
    self.holdsAtEnd = holdsAtEnd
    self.recordedHoldsAtEnd = recordedHoldsAtEnd
    self.recordedFinal = recordedFinal
    self.final = final
    self.changes = JSONDiff.changes(from: recordedFinal, to: final)
  }
}

/// One replayed step of an edited history, for a caller that shows them (the stepper's
/// fork, the HTML report beside the recording).
public struct WhatIfStep: Sendable, Equatable {
  /// Its index in ``WhatIfResult/replayed``.
  public var index: Int
  /// The entry.
  public var entry: EditedEntry
  /// The state after it, in the edited history.
  public var state: JSONValue
  /// The state the log records after the same entry; `nil` for an inserted action.
  public var recorded: JSONValue?
  /// Whether the predicate holds on ``state``; `nil` without a predicate.
  public var holds: Bool?
  /// For a recorded undo, redo or jump, the move as it went in the edited history, by
  /// its indices (a jump when it no longer moved one state); `from` equals `to` when it
  /// changed nothing there. `nil` for any other entry.
  public var move: TimeTravelMove?

  /// Creates a step.
  public init(
    index: Int, entry: EditedEntry, state: JSONValue, recorded: JSONValue?, holds: Bool?,
    move: TimeTravelMove? = nil
  ) {
    self.index = index
    self.entry = entry
    self.state = state
    self.recorded = recorded
    self.holds = holds
    self.move = move
  }
}
