import TimeTravelDiff
import TimeTravelJSON

extension Watch {
  /// What ``hit(_:at:)`` reads of an entry for `path`: the value at `path` in `prior`
  /// and in `next`, and the entry's `site` and `origin`, nothing else; an entry read with it (``LogFile/entry(_:reading:)``,
  /// ``LogLine/entry(reading:)``) gives the same hit as the whole entry.
  ///
  /// A watched container parsed from a log's bytes is compared by its bytes first and
  /// built only when they differ, and printed from its bytes (see `JSONPrinter`).
  public static func projection(at path: JSONPointer) -> EntryProjection {
    let part = JSONProjection(tokens: path.tokens)
    return EntryProjection(
      prior: part, next: part,
      otherMembers: .members([(key: "site", part: .whole), (key: "origin", part: .whole)]))
  }
}
