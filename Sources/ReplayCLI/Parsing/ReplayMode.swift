/// A mode of `replay`, declared as swift-argument-parser's `ParsableCommand` is: its
/// configuration (``declaration``), the values the command line gave it (its stored
/// properties, set by ``init(_:)``), and what it does.
protocol ReplayMode: Sendable, Equatable {
  /// The mode's flag, what it needs and takes, and its help.
  static var declaration: ModeDeclaration { get }
  /// The mode with the values of its flag and the options given.
  /// - Throws: ``UsageError`` for a value that does not make sense for the mode.
  init(_ arguments: ModeArguments) throws(UsageError)
  /// Whether this run replays through `--reducer NAME` although it does not need it (the
  /// stepper's forks, a report of a what-if), also on a log that records its states, so
  /// that no warning calls the reducer unused.
  var usesReducer: Bool { get }
}

/// A mode that opens a log and runs on it.
protocol LogMode: ReplayMode {
  /// Runs on `context`'s log.
  /// - Returns: The exit code (see ``ExitCode``).
  /// - Throws: ``CommandError`` with its own exit code, `LogError` when the log cannot
  ///   be read.
  func run(_ context: Context) throws -> Int32
}

/// A mode that may begin with a scan of every entry (the summary, and the listings of
/// `--find`, `--watch` and `--blame`): its log is opened with its index deferred to that
/// scan, which indexes the lines as it reads them (`LogFile(deferringIndexOf:)`), so the
/// file is read once. The log's warnings are said when the scan ends (``Context/openingWarnings``):
/// before a text listing, which waits for the end to count its matches, and after the
/// records a JSON array streamed during the scan (they go to stderr, the records to
/// stdout), or before an error that ends the scan first.
protocol ScanningMode: LogMode {}

/// A mode that needs no log (`--eval`, `--completion`, `--help`, `--version`).
protocol StandaloneMode: ReplayMode {
  /// Runs with the streams and the reducers `replay` has.
  /// - Returns: The exit code.
  func run(io: any ReplayIO, reducers: ReducerRegistry) -> Int32
}

extension ReplayMode {
  var usesReducer: Bool { false }

  /// Whether `other` is the same mode with the same values.
  func isEqual(_ other: any ReplayMode) -> Bool { (other as? Self) == self }
}
