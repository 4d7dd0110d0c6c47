import Foundation
import TimeTravel
import TimeTravelJQ

/// The options of a command line, each typed and recorded once by its ``Flag``'s
/// `apply` as the flag is read (see ``OptionFlags``). What a mode's own flag gives it is
/// the mode's (``ReplayMode``); these are what modes share.
struct Options: Equatable, Sendable {
  enum Format: String, Sendable {
    case text, json
    case jsonPatch = "json-patch"
  }
  enum Color: String, Sendable { case auto, always, never }

  /// The log's path; `-` for standard input; `nil` for a mode without a log.
  var logPath: String?
  /// The logs given after the first: the summary, `--find` and `--watch` read them all
  /// (see ``FleetRun``).
  var moreLogPaths: [String] = []
  var format: Format = .text
  var color: Color = .auto
  /// `--full`: no abbreviation of long values in text output.
  var full = false
  /// `--where EXPR`: restricts the summary and listings to matching entries.
  var filter: String?
  /// `--id-key KEY`: extra id keys for matching array elements in diffs.
  var idKeys: [String] = []
  /// `--reducer NAME`: what actions are re-applied through (`--verify`, `--emit-test`,
  /// and an action-only log's states).
  var reducer: String?
  /// `--follow`: keep reading the log as it grows (see ``FollowMode``).
  var follow = false
  /// `--until EXPR`: the entry predicate that ends following.
  var until: String?
  /// `--predicate EXPR`: bad states, for `--bisect` and the report.
  var predicate: String?
  /// `--run CMD`: the command that judges states, for `--bisect`.
  var run: String?
  /// `--linear`: bisect by a scan from the initial state.
  var linear = false
  /// `--confirm`: bisect judges every state before its answer, even with `--run`.
  var confirm = false
  /// `--live-effects`: a generated test runs the reducer's effects.
  var liveEffects = false
  /// `--plot PATH`, each: the report's charts.
  var plots: [String] = []
  /// `--range A..B` for `--html` and `--emit-test`.
  var range: SeqRange?
  /// `--module MODULE` for `--emit-test`.
  var module: String?
  /// `--skip`, `--edit`, `--insert` and `--move`, in the order given, for `--what-if`.
  var edits: [HistoryEdit] = []
  /// `--window W` for `--races`.
  var window: Int?
  /// `--max-replays N` for `--minimize`.
  var maxReplays: Int?
  /// `--max-orderings N` for `--races`.
  var maxOrderings: Int?
  /// `--save DIR` for `--listen`: where sessions are saved.
  var save: String?
  /// `--token TOKEN` for `--listen`: what apps must send (else `REPLAY_TOKEN`).
  var token: String?
  /// `-L DIR`, each: where jq expressions find the modules they import.
  var libraryPaths: [String] = []

  /// Where `import` and `include` in jq expressions look, as jq's search list: the `-L`
  /// directories (relative ones from the current directory), or jq's default list, with
  /// `$ORIGIN` the directory of the running executable.
  var modules: JQModuleSearch {
    JQModuleSearch(
      paths: libraryPaths.isEmpty ? JQModuleSearch.jqDefaultPaths : libraryPaths,
      origin: Self.executableDirectory)
  }

  /// The directory of the running executable, symbolic links resolved (jq's `$ORIGIN`).
  /// On Linux read from `/proc/self/exe`, one system call: `Bundle.main` lists the
  /// directory to find the bundle, a few milliseconds of every command that compiles jq.
  static let executableDirectory: String? = {
    #if os(Linux)
      if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        return (path as NSString).deletingLastPathComponent
      }
    #endif
    return Bundle.main.executableURL?.deletingLastPathComponent().path
  }()

  /// Whether output is for programs (`--format json`).
  var json: Bool { format == .json }

  /// Parses `arguments` (without the program name) against ``FlagTable/replay``.
  /// - Throws: ``UsageError`` naming the first mistake.
  static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    try CommandLineParser(table: .replay).parse(arguments)
  }
}
