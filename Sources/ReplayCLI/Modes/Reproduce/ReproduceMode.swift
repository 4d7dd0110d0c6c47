import TerminalEditor
import TimeTravel

/// `replay LOG --reproduce`, and `--show K` for a log's pending (fatal) entry: what a
/// test needs to apply the action the app died in.
struct ReproduceMode: LogMode {
  static let declaration = ModeDeclaration(
    ReproduceMode.self,
    flag: Flag(
      names: ["--reproduce"],
      help:
        "The action a session died in and the state to apply it to. For a session that died inside a reducer: its log ends in a pending record."
    ))

  init() {}
  init(_ arguments: ModeArguments) {}

  func run(_ context: Context) throws -> Int32 {
    guard let pending = context.log.pendingEntry else {
      throw CommandError(
        code: ExitCode.notFound,
        message:
          "\(TerminalText.sanitize(context.log.path)) has no pending record at its end: the session did not stop inside a reducer"
      )
    }
    return try context.emit(PendingOutput(pending: pending, form: .reproduction))
  }

  /// Whether `--show N` means the pending entry: N is its number, which no complete
  /// entry has.
  static func showsPending(_ context: Context, _ name: StateName) -> Bool {
    guard let pending = context.log.pendingEntry, case .after(let n) = name else { return false }
    return n == pending.seq && context.log.numbering.position(ofNumber: n) == nil
  }

  /// `--show K` of the pending entry.
  static func showPending(_ context: Context) throws -> Int32 {
    try context.emit(PendingOutput(pending: context.log.pendingEntry!, form: .entry))
  }
}
