import TerminalEditor
import TimeTravel

/// `replay LOG --why K`: the chain of causes of entry K, root first (see
/// `LogFile.causeChain(ofEntry:)`), reading only the lines on the chain.
struct WhyMode: LogMode {
  static let declaration = ModeDeclaration(
    WhyMode.self,
    flag: Flag(
      names: ["--why"], value: .text("K"),
      help:
        "The chain of causes of entry K, from the action a person or the system dispatched down to K: each link's entry, action and dispatch site, and the effect between links. With --watch PATH, what each link changed at PATH. Reads only the lines on the chain."
    ), modeFlags: [WatchMode.flag], states: .actions)

  /// Entry K.
  var entry: Int
  /// `--watch PATH`, as given.
  var watch: String?

  init(entry: Int, watch: String? = nil) {
    self.entry = entry
    self.watch = watch
  }

  init(_ arguments: ModeArguments) throws(UsageError) {
    guard let number = Int(arguments.values[0]) else {
      throw UsageError(
        message:
          "--why takes an entry's seq, not '\(TerminalText.sanitize(arguments.values[0]))'")
    }
    entry = number
    watch = arguments.values(of: WatchMode.flag)?.first
  }

  func run(_ context: Context) throws -> Int32 {
    let log = context.log
    _ = try context.position(ofEntry: entry)
    let chain = try log.causeChain(ofEntry: entry)
    for warning in chain.warnings { context.warn(warning) }
    var changes: [WhyOutput.Change]?
    var path: JSONPointer?
    if let watch {
      do {
        path = try WatchPath.pointer(parsing: watch)
      } catch {
        throw CommandError(code: ExitCode.usage, message: "--watch: \(error.message)")
      }
      changes = try chain.links.map { link in try Self.change(at: path!, link, log) }
    }
    return try context.emit(
      WhyOutput(
        seq: entry, chain: chain, path: path, changes: changes, options: context.diffOptions))
  }

  /// What the entry of `link` changed at `path`.
  private static func change(at path: JSONPointer, _ link: CauseChain.Link, _ log: LogFile)
    throws -> WhyOutput.Change
  {
    guard let entry = try log.entry(numbered: link.seq), entry.hasStates else {
      throw CommandError(
        code: ExitCode.usage,
        message:
          "--why with --watch needs the log's states: \(log.path) records actions only; give --reducer NAME to recompute them"
      )
    }
    return WhyOutput.Change(
      old: path.resolve(in: entry.prior), new: path.resolve(in: entry.next))
  }
}
