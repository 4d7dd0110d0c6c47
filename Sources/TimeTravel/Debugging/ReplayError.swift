/// Why a replay could not run to a verdict, naming the log, the line and the entry.
///
/// A divergence is not an error (it is the answer, see ``ReplayOutcome``); these are
/// the cases where the log and the reducer cannot be compared at all.
public struct ReplayError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The kind of failure.
  public enum Kind: Equatable, Sendable {
    /// The log itself could not be read (see ``LogError``).
    case unreadableLog
    /// An entry's action does not decode as the reducer's `Action`, e.g. a case renamed
    /// between app versions (Elm's debugger refuses such imports too).
    case undecodableAction
    /// A recorded state does not decode as the reducer's `State`.
    case undecodableState
    /// The recomputed state could not be encoded.
    case unencodableState
    /// An `@@undo`/`@@redo`/`@@jump` does not fit the replayed history.
    case impossibleMove
    /// Reproduction was asked of a log whose session did not stop inside a reducer.
    case noPendingEntry
    /// Reproduction found the replay diverging before the fatal entry.
    case divergedBeforeCrash
  }

  /// The kind of failure.
  public var kind: Kind
  /// The log's path as given.
  public var path: String
  /// The 1-based file line to blame, when there is one.
  public var line: Int?
  /// The entry's `seq`, when one entry is to blame.
  public var seq: Int?
  /// What is wrong, including the underlying decoder's message where there is one.
  public var message: String

  /// Creates an error.
  public init(kind: Kind, path: String, line: Int? = nil, seq: Int? = nil, message: String) {
    self.kind = kind
    self.path = path
    self.line = line
    self.seq = seq
    self.message = message
  }

  /// Wraps a log reading error, keeping its place.
  public init(_ error: LogError) {
    self.init(kind: .unreadableLog, path: error.path, line: error.line, message: error.message)
    if let column = error.column { message = "column \(column): " + message }
  }

  /// `path:line: message`, the form compilers use, so editors can jump to it.
  public var description: String {
    var place = path
    if let line { place += ":\(line)" }
    return "\(place): \(message)"
  }
}
