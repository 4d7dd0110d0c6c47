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

  mutating func warn(_ line: Int, _ message: String) {
    warnings.append(LogWarning(line: line, message: message))
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
          line,
          "effect run \(run.id) (\(run.name)) starts again; it started at line \(runs[earlier].startLine), so this start is ignored"
        )
        return
      }
      if run.site?.hasControlCharacters == true {
        warn(line, "effect run \(run.id)'s site holds control characters; they are shown escaped")
      }
      if let cause = run.cause, !isEntry(cause) {
        if !startsMayBeMissing {
          warn(
            line,
            "effect run \(run.id) (\(run.name)) names entry \(cause) as its cause, which is not in the log"
          )
        }
      } else if let cause = run.cause, !EffectRun.atOrBefore(cause, run.startedAfter) {
        let place = run.startedAfter.map { "after entry \($0)" } ?? "before the first entry"
        warn(
          line,
          "effect run \(run.id) (\(run.name)) names entry \(cause) as its cause, but its start record comes \(place)"
        )
      }
      index[run.id] = runs.count
      runs.append(run)
    case .end(let id, let end):
      guard let at = index[id] else {
        if !startsMayBeMissing {
          warn(line, "effect run \(id) ends (\(end.outcome)) but never started; ignored this end")
        }
        return
      }
      if let earlier = runs[at].end {
        warn(
          line,
          "effect run \(id) (\(runs[at].name)) ends again; it ended at line \(earlier.line), so this end is ignored"
        )
        return
      }
      runs[at].end = end
    }
  }
}
