import TerminalEditor
import TimeTravel

/// Where the states of an action-only log come from (the log format article, LogFormat.md): `--reducer
/// NAME` recomputes them; without it, the modes that need states refuse, naming the
/// flag, and those that need actions only (the summary, `--find`, `--convert`) run.
enum ActionOnlyStates {
  /// Applies `--reducer` to `log` before the mode `mode` declares runs; `usesReducer` when
  /// the run replays through it even so (see ``ReplayMode/usesReducer``).
  /// - Throws: ``CommandError``: exit 2 for an unknown reducer, or a mode that needs
  ///   states on an action-only log without `--reducer` (or the recorded states of one,
  ///   as `--verify` and `--emit-test` do); exit 8 when neither the log nor the reducer
  ///   has an initial state.
  static func prepare(_ context: Context, for mode: ModeDeclaration, usesReducer: Bool = false)
    throws(CommandError)
  {
    let log = context.log
    if case .recorded(let reason) = mode.states {
      guard log.isActionOnly else { return }
      throw CommandError(
        code: ExitCode.usage,
        message:
          "\(TerminalText.sanitize(log.path)) records actions only, so \(mode.name) \(reason)")
    }
    if context.options.follow, log.isActionOnly, mode.states != .actions {
      let table = FlagTable.replay
      let following = table.modes.filter { $0.states == .actions && $0.takes(OptionFlags.follow) }
      throw CommandError(
        code: ExitCode.usage,
        message:
          "\(TerminalText.sanitize(log.path)) records actions only, and --follow reads the states a log records: it follows such a log with \(table.names(of: Set(following.map(\.id))))"
      )
    }
    if let name = context.options.reducer {
      guard let recomputer = context.reducers.recomputer(named: name) else {
        throw context.reducers.unknown(name)
      }
      guard log.isActionOnly else {
        // A mode that replays through the reducer uses it whatever the log records.
        let replays =
          usesReducer
          || (mode.needs + mode.alsoNeeds).contains { $0.name == OptionFlags.reducer.name }
        if replays { return }
        context.io.errText(
          "replay: warning: \(TerminalText.sanitize(log.path)) records its states, so --reducer \(TerminalText.sanitize(name)) is not used (--verify checks recorded states against a reducer)\n"
        )
        return
      }
      do { try log.recompute(with: recomputer) } catch {
        throw CommandError(
          code: ExitCode.incompatibleLog, message: TerminalText.sanitize(error.description))
      }
      return
    }
    // The mode first: asking the log indexes it, which a log opened for a scan that
    // indexes it as it reads would do twice.
    guard mode.states == .needed, log.isActionOnly else { return }
    let registered = context.reducers.names
    let names = registered.isEmpty ? "" : " (registered: \(registered.joined(separator: ", ")))"
    throw CommandError(
      code: ExitCode.usage,
      message:
        "\(TerminalText.sanitize(log.path)) records actions only (\(what(log))), and \(mode.name) needs states: add --reducer NAME to recompute them through a registered reducer\(names)"
    )
  }

  /// What the log is: the foreign format it came from, or a JSON Lines log.
  static func what(_ log: LogFile) -> String {
    if let raw = log.header?.importedFrom, let format = ForeignFormat(rawValue: raw) {
      return format.displayName
    }
    return "a log whose entries have no prior and next"
  }
}
