import TimeTravel
import TimeTravelJQ

/// `--where EXPR`: which entries the summary and listings include.
struct EntryFilter {
  private let filter: JQFilter?
  /// The log `entry(K)` reads.
  private let log: LogFile?

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
