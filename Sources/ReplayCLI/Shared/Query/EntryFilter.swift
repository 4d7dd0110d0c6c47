import TimeTravel
import TimeTravelJQ

/// `--where EXPR`: which entries the summary and listings include.
struct EntryFilter {
  private let filter: JQFilter?

  init(_ source: String?) throws {
    filter = try source.map { try JQPredicate.compile($0, what: "--where expression") }
  }

  func includes(_ entry: LogEntry) throws -> Bool {
    guard let filter else { return true }
    return try JQPredicate.holds(filter, onEntry: entry, what: "the --where expression")
  }
}
