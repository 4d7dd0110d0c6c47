import TimeTravelDiff
import TimeTravelJSON

/// The verdict of ``Replayer/verify(_:from:through:)``.
public enum ReplayOutcome: Sendable, Equatable {
  /// Every replayed entry's recomputed state equals its recorded `next`; `entries` is
  /// how many entries were replayed.
  case verified(entries: Int)
  /// The first entry whose recomputed state differs from its recorded `next`.
  case diverged(Divergence)
}

/// What ``Replayer/report(_:from:through:)`` found: the verdict, and how the log's
/// states were fitted to an app `State` type that changed after the log was recorded.
public struct ReplayReport: Sendable, Equatable {
  /// The verdict.
  public var outcome: ReplayOutcome
  /// Members the log's states lacked, taken from the reducer's initial state: JSON
  /// Pointers, sorted, with `*` for array indices (`/favorites`).
  public var filledMembers: [String]
  /// Members the log's states have that the `State` type no longer decodes, ignored:
  /// JSON Pointers, sorted, with `*` for array indices (`/todos/*/legacyFlag`).
  public var ignoredMembers: [String]
  /// The entries marked skipped (``LogEntry/isSkipped``) among those replayed, by number
  /// (`seq`), ascending: their actions were not applied, as Redux DevTools does not apply
  /// a skipped action, and their states were checked to be unchanged.
  public var skippedEntries: [Int]

  /// Creates a report.
  public init(
    outcome: ReplayOutcome, filledMembers: [String], ignoredMembers: [String],
    skippedEntries: [Int] = []
  ) {
    self.outcome = outcome
    self.filledMembers = filledMembers
    self.ignoredMembers = ignoredMembers
    self.skippedEntries = skippedEntries
  }
}

/// Where a replay first disagreed with the log.
public struct Divergence: Sendable, Equatable {
  /// The entry's `seq`.
  public var seq: Int
  /// The 1-based file line of the entry.
  public var line: Int
  /// The entry's action as logged.
  public var action: JSONValue
  /// The state the log recorded after the action (`next`).
  public var recorded: JSONValue
  /// The state the reducer computed from the same prior and action.
  public var recomputed: JSONValue
  /// What differs, from recorded (old) to recomputed (new).
  public var changes: [JSONChange]

  /// Creates a divergence; ``changes`` is computed from the two states.
  public init(seq: Int, line: Int, action: JSONValue, recorded: JSONValue, recomputed: JSONValue) {
    self.seq = seq
    self.line = line
    self.action = action
    self.recorded = recorded
    self.recomputed = recomputed
    // The id-aware diff of `--diff`, so that an element the reducer dropped reads as one
    // removal, not as every later element changing.
    self.changes = JSONDiff.changes(from: recorded, to: recomputed)
  }

  /// The action's display name (see ``ActionName``).
  public var actionName: String { ActionName.of(action) }
}
