import TimeTravelDiff
import TimeTravelJSON

/// What ``RaceExplorer/run(shouldStop:progress:predicate:)`` found.
public struct RaceResult: Sendable, Equatable {
  /// The orderings under which the predicate holds, in the order explored: single moves
  /// first, then pairs of moves neither of which is a race alone.
  public var orderings: [RaceOrdering]
  /// How many distinct orderings were replayed.
  public var explored: Int
  /// How many entries are actions an effect sent (the ones that were moved).
  public var effectActions: Int
  /// Whether every ordering in the window was explored (``DeltaDebugging/Stop/minimal``),
  /// or the search stopped early (Ctrl-C, or the budget of orderings).
  public var stop: DeltaDebugging.Stop

  /// Creates a result.
  public init(
    orderings: [RaceOrdering], explored: Int, effectActions: Int, stop: DeltaDebugging.Stop
  ) {
    self.orderings = orderings
    self.explored = explored
    self.effectActions = effectActions
    self.stop = stop
  }
}

/// One ordering a real run could have produced, under which the predicate holds.
public struct RaceOrdering: Sendable, Equatable {
  /// The moves that make it from the recorded order, applied in order: each is a
  /// ``HistoryEdit/move(_:after:)``, as `--what-if --move K:L` takes it.
  public var moves: [HistoryEdit]
  /// The first entry of the reordered history whose state the predicate holds on.
  public var firstBad: EditedEntry
  /// The state after it in the reordered history.
  public var state: JSONValue
  /// The state the log records after the same entry.
  public var recorded: JSONValue
  /// What differs, recorded (old) → reordered (new).
  public var changes: [JSONChange]

  /// Creates an ordering; ``changes`` is computed from the two states.
  public init(moves: [HistoryEdit], firstBad: EditedEntry, state: JSONValue, recorded: JSONValue) {
    self.moves = moves
    self.firstBad = firstBad
    self.state = state
    self.recorded = recorded
    self.changes = JSONDiff.changes(from: recorded, to: state)
  }
}
