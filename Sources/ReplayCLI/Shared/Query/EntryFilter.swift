import TimeTravel
import TimeTravelJQ

/// `--where EXPR`: which entries the summary and listings include.
struct EntryFilter: Sendable {
  private let filter: JQFilter?
  /// The log `entry(K)` reads.
  private let log: LogFile?

  /// The compiled expression, or none without `--where`.
  var filters: [JQFilter] { filter.map { [$0] } ?? [] }

  /// What the filter reads of an entry (nothing without `--where`).
  var projection: EntryProjection { JQPredicate.entryProjection(filters) }
  /// ``projection``, reading of the action only what the expressions read of it and what
  /// names it: for a scan that keeps no entry's action, as the summary's.
  var projectionReadingActionInPart: EntryProjection {
    JQPredicate.entryProjectionReadingActionInPart(filters)
  }

  init(_ source: String?, log: LogFile?, modules: JQModuleSearch) throws {
    filter = try source.map {
      try JQPredicate.compile($0, what: "--where expression", modules: modules)
    }
    self.log = log
  }

  func includes(_ entry: LogEntry) throws -> Bool {
    guard let filter else { return true }
    return try JQPredicate.holds(
      filter, onEntry: entry, in: log, what: "the --where expression")
  }
}
