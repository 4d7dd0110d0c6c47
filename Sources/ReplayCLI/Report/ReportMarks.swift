import TerminalEditor
import TimeTravel
import TimeTravelJQ

/// The report's marks for `--predicate EXPR` and `--find EXPR`, gathered while the
/// report walks the log.
///
/// The predicate is evaluated on every state of the report (each state is at hand), and
/// bisect then runs over those verdicts exactly as `--bisect` runs over states, so the
/// page shows both where the predicate holds and the first bad entry bisect reports, with
/// the states it evaluated; when the two disagree the predicate is not monotone.
struct ReportMarks: Sendable {
  private let predicateSource: String?
  private let predicate: JQFilter?
  private let findSource: String?
  private let find: JQFilter?
  /// Per state of the report (0: the state before its first entry): whether the
  /// predicate holds.
  private(set) var holds: [Bool] = []
  /// The rows (1: the first entry of the report) whose entry `--find` matches.
  private(set) var matches: [Int] = []
  /// The log `entry(K)` reads.
  private let log: LogFile?

  /// Compiles the expressions.
  /// - Throws: `CommandError` (usage) for a jq syntax error.
  init(
    predicate: String?, find: String?, log: LogFile? = nil, modules: JQModuleSearch
  ) throws {
    self.log = log
    predicateSource = predicate
    findSource = find
    self.predicate = try predicate.map { try JQPredicate.compile($0, modules: modules) }
    self.find = try find.map {
      try JQPredicate.compile($0, what: "--find expression", modules: modules)
    }
  }

  /// Judges `state`, the state after `entry` (`nil` for the report's first state), and,
  /// for an entry, whether `--find` matches it; `row` is its row in the report.
  /// - Throws: `CommandError` (evaluation error) naming the state or entry, as `--bisect`
  ///   and `--find` do.
  mutating func add(_ state: JSONValue, after entry: LogEntry?, row: Int) throws {
    if let predicate {
      let variables = JQPredicate.bindings(entry: entry)
      do {
        holds.append(
          try predicate.holds(on: state, variables: variables, host: JQPredicate.host(log)))
      } catch {
        let at =
          entry.map { "the state after entry \($0.seq) (\(TerminalText.sanitize($0.actionName)))" }
          ?? "the first state"
        throw CommandError(
          code: ExitCode.evaluationError, message: "the predicate failed on \(at): \(error)")
      }
    }
    if let find, let entry,
      try JQPredicate.holds(find, onEntry: entry, in: log, what: "the --find expression")
    {
      matches.append(row)
    }
  }

  /// Appends the verdicts and matches of `later`, the same marks over the rows that follow.
  mutating func append(_ later: ReportMarks) {
    holds += later.holds
    matches += later.matches
  }

  /// `--predicate`'s marks as the page reads them: `{"expr", "holds": [rows], "bisect":
  /// {…}}`.
  struct PredicateRecord: Encodable {
    var expr: String
    var holds: [Int]
    var bisect: OrNull<BisectRecord>
  }

  /// `--find`'s marks: `{"expr", "rows"}`.
  struct FindRecord: Encodable {
    var expr: String
    var rows: [Int]
  }

  /// Bisect over the verdicts: the outcome (with its row), the states evaluated in
  /// order with their verdicts, and where the search landed when its check corrected it.
  struct BisectRecord: Encodable {
    var outcome: String
    var row: Int?
    var trail: [Pair<Int, String>]
    /// The row binary search landed on, when the check found an earlier bad state.
    var bisected: Int?
  }

  /// The predicate's marks; `nil` when `--predicate` was not given.
  var predicateRecord: PredicateRecord? {
    predicateSource.map { source in
      PredicateRecord(
        expr: source, holds: holds.indices.filter { holds[$0] }, bisect: OrNull(bisect()))
    }
  }

  /// The matches of `--find`; `nil` when it was not given.
  var findRecord: FindRecord? {
    findSource.map { FindRecord(expr: $0, rows: matches) }
  }

  /// Bisect over the verdicts, as `--bisect` runs it: the outcome (checked against every
  /// earlier state), the states the search evaluated in order, and where it landed when
  /// the check found an earlier bad state.
  private func bisect() -> BisectRecord? {
    guard holds.count > 1 else { return nil }
    // As --bisect decides: a predicate about transitions is scanned, and so is one good on
    // both ends.
    let verdict = { (k: Int) in holds[k] ? Bisect.Verdict.bad : .good }
    let readsTransition =
      predicate.map { !$0.freeVariables.isDisjoint(with: ["action", "prior"]) } ?? false
    // As --bisect does for a predicate, the search's answer is checked against every
    // earlier state (free here: every verdict is known), so a predicate that heals and
    // breaks again marks its true first bad entry; the trail stays the search's.
    let search =
      readsTransition
      ? Bisect.linear(lastState: holds.count - 1, reason: .readsTransition, verdict: verdict)
      : Bisect.run(
        lastState: holds.count - 1, scanningWhenEndsAreGood: true, verdict: verdict)
    let result = Bisect.confirm(search, verdict: verdict)
    var record = BisectRecord(
      outcome: "inconclusive",
      trail: search.trail.map { Pair($0.state, $0.verdict == .bad ? "bad" : "good") })
    if case .notMonotone(let bisected, _)? = result.confirmation?.finding {
      record.bisected = bisected
    }
    switch result.outcome {
    case .firstBad(let k):
      record.outcome = "firstBad"
      record.row = k
    case .holdsAtStart: record.outcome = "holdsAtStart"
    case .neverHolds: record.outcome = "neverHolds"
    case .candidates, .undecided, .endSkipped: break
    }
    return record
  }
}
