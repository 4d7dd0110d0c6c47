import TerminalEditor
import TimeTravel
import TimeTravelJQ

extension CommandError {
  /// `error` with the exit code of its kind: 2 for an edit that names no entry or
  /// breaks causality (as an entry out of range is), 8 for a log that does not fit the
  /// reducer, 5 for a predicate that holds already (on the initial state, or in the
  /// recorded order), 1 for one that does not hold at the end, 4 for one that fails, 3
  /// for a log that cannot be read.
  init(_ error: WhatIfError) {
    let code: Int32 =
      switch error.kind {
      case .unreadableLog: ExitCode.unreadableLog
      case .noSuchEntry, .invalidEdit, .moveBeforeCause: ExitCode.usage
      case .undecodableAction, .undecodableState, .noInitialState, .impossibleMove:
        ExitCode.incompatibleLog
      case .holdsAtStart, .holdsInRecordedOrder: ExitCode.holdsAtStart
      case .doesNotHoldAtEnd: ExitCode.notFound
      case .predicateFailed: ExitCode.evaluationError
      }
    // Edits are the user's words: their errors need no place in the file.
    let located = error.edit == nil && error.kind != .noSuchEntry && error.kind != .invalidEdit
    self.init(
      code: code, message: TerminalText.sanitize(located ? error.description : error.message))
  }
}

/// What the edited-history modes share: the reducer by name, and the predicate as a
/// closure over states with `$seq`, `$action` and `$prior` bound as everywhere.
enum EditedReplay {
  /// The recomputer registered under `name`.
  /// - Throws: ``CommandError`` (exit 2) naming the registered reducers when none is.
  static func recomputer(_ name: String, _ context: Context) throws -> StateRecomputer {
    guard let recomputer = context.reducers.recomputer(named: name) else {
      throw context.reducers.unknown(name)
    }
    return recomputer
  }

  /// `source` compiled, as a predicate on what the replay judges; its imports are found
  /// through `-L DIR`.
  /// - Throws: ``CommandError`` (exit 2) for a syntax error.
  static func predicate(_ source: String, _ context: Context) throws -> StatePredicate {
    let filter = try JQPredicate.compile(source, modules: context.options.modules)
    return { input in
      try filter.holds(
        on: input.state,
        variables: [
          "seq": input.entry?.seq.map { .number(JSONNumber($0)) } ?? .null,
          "action": input.entry?.action ?? .null, "prior": input.prior ?? .null,
        ], host: host(input.history))
    }
  }

  /// `entry(K)` on the history judged: entry K of the edited, minimised or reordered
  /// history up to the state judged, `null` when it has none by that number there.
  private static func host(_ history: JudgedHistory?) -> JQHost? {
    guard let history else { return nil }
    return JQPredicate.entryHost { number throws(WhatIfError) in
      try history.entry(number)
    } describing: {
      $0.message
    }
  }

  /// Runs `body`, its ``WhatIfError`` as a ``CommandError``.
  static func run<T>(_ body: () throws(WhatIfError) -> T) throws -> T {
    do { return try body() } catch { throw CommandError(error) }
  }

  /// `entry 117 (addTodo)`, or `the inserted action (setFilter)`: how text output names an
  /// entry of an edited history.
  static func name(_ entry: EditedEntry, _ style: TextStyle) -> String {
    "\(entry.name) (\(style.name(entry.action)))"
  }
}
