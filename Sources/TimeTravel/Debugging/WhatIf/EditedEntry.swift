import TimeTravelJSON

/// One entry of an edited history: a recorded entry (perhaps with its action replaced,
/// or moved), or an inserted action.
public struct EditedEntry: Sendable, Equatable {
  /// How the entry differs from the recording.
  public enum Change: Sendable, Equatable {
    /// As recorded (it may still follow a changed entry, and so give another state).
    case none
    /// Its action was replaced (`--edit`).
    case edited
    /// The action was inserted (`--insert`); it has no ``EditedEntry/seq``.
    case inserted
    /// It was moved (`--move`).
    case moved
  }

  /// The recorded entry's number (``LogEntry/seq``); `nil` for an inserted action.
  public var seq: Int?
  /// The action replayed.
  public var action: JSONValue
  /// How the entry differs from the recording.
  public var change: Change
  /// The `seq` of the entry whose effect sent this action (`origin.cause`), when it did.
  public var cause: Int?
  /// The recorded entry's 1-based file line; `nil` for an inserted action.
  public var line: Int?
  /// The recorded entry's other members (`time`, `origin`, `site`, …), in the order written.
  public var otherMembers: JSONObject

  /// Creates an entry.
  public init(
    seq: Int?, action: JSONValue, change: Change = .none, cause: Int? = nil, line: Int? = nil,
    otherMembers: JSONObject = [:]
  ) {
    self.seq = seq
    self.action = action
    self.change = change
    self.cause = cause
    self.line = line
    self.otherMembers = otherMembers
  }

  /// The action's display name (see ``ActionName``).
  public var actionName: String { ActionName.of(action) }

  /// `entry 117` for a recorded entry, `the inserted action` otherwise: how messages
  /// name it.
  public var name: String { seq.map { "entry \($0)" } ?? "the inserted action" }
}

/// What a predicate is asked about: a state, the entry that led to it and the history
/// up to it, as `replay`'s predicates see them (`$seq`, `$action`, `$prior`, `entry(K)`).
public struct PredicateInput: Sendable, Equatable {
  /// The state judged.
  public var state: JSONValue
  /// The entry that led to it; `nil` for the state the replay started from.
  public var entry: EditedEntry?
  /// The state before that entry; `nil` for the state the replay started from.
  public var prior: JSONValue?
  /// The history judged, up to this state (`entry(K)`); `nil` when none is known.
  public var history: JudgedHistory?

  /// Creates an input.
  public init(
    state: JSONValue, entry: EditedEntry? = nil, prior: JSONValue? = nil,
    history: JudgedHistory? = nil
  ) {
    self.state = state
    self.entry = entry
    self.prior = prior
    self.history = history
  }

  /// Inputs are equal when their states, entries and priors are: a history is a way to
  /// read entries, not a value to compare.
  public static func == (a: PredicateInput, b: PredicateInput) -> Bool {
    a.state == b.state && a.entry == b.entry && a.prior == b.prior
  }
}

/// Whether a state is bad: `replay`'s `--predicate` (a jq expression) in the command
/// line, any closure in a test. Errors it throws stop the search as
/// ``WhatIfError/Kind/predicateFailed``.
public typealias StatePredicate = (PredicateInput) throws -> Bool
