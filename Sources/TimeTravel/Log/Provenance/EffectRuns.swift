/// Every effect run of a log, from its effect records (see ``LogFile/effectRuns()``):
/// which effects ran, what started each, how each ended, and which were running at any
/// entry.
public struct EffectRuns: Sendable, Equatable {
  /// The runs in the order their start records appear.
  public private(set) var runs: [EffectRun] = []
  /// What could not be read or paired, each naming its line: a record that cannot be
  /// read, a run that starts or ends twice, an end without a start, a cause that names
  /// no entry, a site with control characters.
  public private(set) var warnings: [LogWarning] = []
  /// Run ids to their index in ``runs``.
  private var index: [Int: Int] = [:]
  /// The kind of each of ``warnings``, for ``countedWarnings``.
  private var kinds: [WarningKind] = []

  /// What an effect warning is about, for counting.
  enum WarningKind: Hashable, Sendable {
    case unreadable, startsAgain, siteControlCharacters, causeMissing, causeMisplaced
    case endWithoutStart, endsAgain

    /// The words after "and N more" (`effect records that cannot be read`).
    func counted(_ count: Int) -> String {
      let records = count == 1 ? "effect record" : "effect records"
      switch self {
      case .unreadable: return "\(records) that cannot be read"
      case .startsAgain: return "\(records) starting a run again"
      case .siteControlCharacters: return "\(records) whose sites hold control characters"
      case .causeMissing: return "\(records) naming a cause that is not in the log"
      case .causeMisplaced: return "\(records) naming a cause after their start record"
      case .endWithoutStart: return "\(records) ending a run that never started"
      case .endsAgain: return "\(records) ending a run again"
      }
    }
  }

  /// ``warnings`` as a summary lists them: the first three of each kind, then one that
  /// counts the rest (`and 40 more effect records ending a run that never started, the
  /// last on line 212`), in line order.
  public var countedWarnings: [LogWarning] {
    var counter = WarningCounter<WarningKind>()
    for (warning, kind) in zip(warnings, kinds) { counter.add(kind, warning) }
    return counter.warnings { kind, count in kind.counted(count) }
  }

  /// No runs: a log without effect records (every log written before they existed).
  public static let empty = EffectRuns()

  /// The run numbered `id`, if the log has its start record.
  ///
  /// - Parameter id: A run's id, as `origin.id` names it.
  public func run(id: Int) -> EffectRun? { index[id].map { runs[$0] } }

  /// The runs that were running in the state after entry `number` (`nil`: before the
  /// first entry), in start order.
  ///
  /// - Parameter number: An entry number, as the log names entries.
  /// - Complexity: O(runs).
  public func running(afterEntry number: Int?) -> [EffectRun] {
    runs.filter { $0.isRunning(afterEntry: number) }
  }

  /// The runs with no end record: still running when the log ended.
  public var runningAtEnd: [EffectRun] { runs.filter { $0.end == nil } }

  mutating func warn(_ line: Int, _ kind: WarningKind, _ message: String) {
    warnings.append(LogWarning(line: line, message: message))
    kinds.append(kind)
  }

  /// Adds the record read from file line `line`.
  ///
  /// - Parameters:
  ///   - record: The record.
  ///   - line: Its file line.
  ///   - startsMayBeMissing: Whether runs may have started in entries the log no longer
  ///     has (a ring file, a gap): an end without a start, or a start whose cause is
  ///     gone, is then no surprise.
  ///   - isEntry: Whether a number names an entry of the log.
  mutating func add(
    _ record: EffectRecord, line: Int, startsMayBeMissing: Bool, isEntry: (Int) -> Bool
  ) {
    switch record {
    case .start(let run):
      if let earlier = index[run.id] {
        warn(
          line, .startsAgain,
          "effect run \(run.id) (\(run.name)) starts again; it started at line \(runs[earlier].startLine), so this start is ignored"
        )
        return
      }
      if run.site?.hasControlCharacters == true {
        warn(
          line, .siteControlCharacters,
          "effect run \(run.id)'s site holds control characters; they are shown escaped")
      }
      if let cause = run.cause, !isEntry(cause) {
        if !startsMayBeMissing {
          warn(
            line, .causeMissing,
            "effect run \(run.id) (\(run.name)) names entry \(cause) as its cause, which is not in the log"
          )
        }
      } else if let cause = run.cause, !EffectRun.atOrBefore(cause, run.startedAfter) {
        let place = run.startedAfter.map { "after entry \($0)" } ?? "before the first entry"
        warn(
          line, .causeMisplaced,
          "effect run \(run.id) (\(run.name)) names entry \(cause) as its cause, but its start record comes \(place)"
        )
      }
      index[run.id] = runs.count
      runs.append(run)
    case .end(let id, let end):
      guard let at = index[id] else {
        if !startsMayBeMissing {
          warn(
            line, .endWithoutStart,
            "effect run \(id) ends (\(end.outcome)) but never started; ignored this end")
        }
        return
      }
      if let earlier = runs[at].end {
        warn(
          line, .endsAgain,
          "effect run \(id) (\(runs[at].name)) ends again; it ended at line \(earlier.line), so this end is ignored"
        )
        return
      }
      runs[at].end = end
    }
  }
}
