/// The exit codes of `replay`, documented in `--help` and the README.
public enum ExitCode {
  /// Success (bisect: the first bad entry was found).
  public static let success: Int32 = 0
  /// The predicate never holds: no state is bad (bisect), no entry matches.
  public static let notFound: Int32 = 1
  /// Usage error: an unknown or malformed flag, a predicate with a syntax
  /// error, an entry number outside the log.
  public static let usage: Int32 = 2
  /// The log cannot be read: missing or unreadable file, a line that is not
  /// JSON or not an entry.
  public static let unreadableLog: Int32 = 3
  /// The predicate failed while evaluating a state (a jq runtime error), or a `--run`
  /// command aborted bisect: it exited with 128 or more, was killed by a signal, or
  /// cannot run (126 or 127 on state 0, the first state judged, as `git bisect run`
  /// refuses those codes from a good revision); or a state bisect needs was skipped.
  public static let evaluationError: Int32 = 4
  /// Bisect: the predicate already holds on the initial state, so no entry introduced it.
  public static let holdsAtStart: Int32 = 5
  /// `--verify`: a recomputed state differs from the recorded one.
  public static let diverged: Int32 = 6
  /// Bisect: skipped states border the change, so the first bad entry is
  /// one of several candidates (git bisect exits 2 here; 2 is our usage code);
  /// or a scan found no bad state but skipped some, which may be bad.
  public static let inconclusive: Int32 = 7
  /// `--verify`, or `--reducer` on an action-only log: the log does not fit the reducer
  /// (an action or state does not decode,
  /// or an undo/redo/jump does not fit the history).
  public static let incompatibleLog: Int32 = 8
}
