/// Why an edited history could not be replayed to a verdict, naming the place: the
/// entry's `seq` (and file line), the edit, and the JSON Pointer where a value did not
/// decode.
///
/// Thrown by ``WhatIf``, ``HistoryMinimizer`` and ``RaceExplorer``. An answer such as
/// "the predicate never holds" is a result, not an error; these are the inputs that
/// leave nothing to answer.
public struct WhatIfError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The kind of failure.
  public enum Kind: Equatable, Sendable {
    /// The log itself could not be read (see ``LogError``).
    case unreadableLog
    /// An edit names an entry the history does not have (or no longer has: an earlier
    /// edit removed it), or one outside the replayed range.
    case noSuchEntry
    /// An edit cannot be made: a move of an entry after itself.
    case invalidEdit
    /// An action (edited, inserted, or recorded) does not decode as the reducer's
    /// `Action`; ``WhatIfError/pointer`` says where.
    case undecodableAction
    /// A move would put an action an effect sent before the entry that caused it.
    case moveBeforeCause
    /// A recorded undo, redo or jump does not fit the history the log records.
    case impossibleMove
    /// A state (recorded, or the log's initial state) does not decode as the reducer's
    /// `State`, or a recomputed one cannot be encoded; ``WhatIfError/pointer`` says
    /// where when the decoder does.
    case undecodableState
    /// The log records actions only and has no initial state, nor does the reducer.
    case noInitialState
    /// The predicate holds on the initial state already, so no action makes it hold.
    case holdsAtStart
    /// Minimising: the predicate does not hold at the end of the whole history
    /// replayed, so there is no failure to shrink.
    case doesNotHoldAtEnd
    /// Exploring races: the predicate holds in the recorded order already (at
    /// ``WhatIfError/seq``), so no reordering is needed to make it hold.
    case holdsInRecordedOrder
    /// The predicate threw on a state (a jq runtime error, say).
    case predicateFailed
  }

  /// The kind of failure.
  public var kind: Kind
  /// The log's path as given.
  public var path: String
  /// The entry to blame, when there is one.
  public var seq: Int?
  /// The 1-based file line of that entry, when known.
  public var line: Int?
  /// The 0-based index of the edit to blame, in the order given.
  public var edit: Int?
  /// Where a value did not decode: an RFC 6901 JSON Pointer into the action or state.
  public var pointer: String?
  /// What is wrong, in a sentence that names the entry or edit.
  public var message: String

  /// Creates an error.
  public init(
    kind: Kind, path: String, seq: Int? = nil, line: Int? = nil, edit: Int? = nil,
    pointer: String? = nil, message: String
  ) {
    self.kind = kind
    self.path = path
    self.seq = seq
    self.line = line
    self.edit = edit
    self.pointer = pointer
    self.message = message
  }

  /// Wraps a log reading error, keeping its line; a log that does not fit the reducer
  /// (`.doesNotFitReducer`) becomes ``Kind/undecodableState``.
  public init(_ error: LogError) {
    let kind: Kind = error.kind == .doesNotFitReducer ? .undecodableState : .unreadableLog
    var message = error.message
    if let column = error.column { message = "column \(column): " + message }
    self.init(kind: kind, path: error.path, line: error.line, message: message)
  }

  /// `path:line: message`, the form compilers use, so editors can jump to it.
  public var description: String {
    var place = path
    if let line { place += ":\(line)" }
    return "\(place): \(message)"
  }
}
