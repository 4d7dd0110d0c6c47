import TimeTravelDiff
import TimeTravelJSON

/// Watchpoints over a log: every entry that changed the value at a path,
/// with its old and new value — "when did this field last change?", the
/// question rr and UDB answer with `watch` plus reverse-continue.
///
/// Each entry holds its prior and next state, so this is a local check per
/// entry that needs no replay.
public enum Watch {
  /// One entry that changed the watched value.
  public struct Hit: Equatable, Sendable {
    /// The entry's seq (its number: see ``LogFile/numbering``).
    public var seq: Int
    /// The `seq` the entry was recorded with, when it differs from ``seq`` (a log numbered
    /// by position); `nil` otherwise.
    public var recordedSeq: Int? = nil
    /// The entry's `time`, when it has one.
    public var time: String? = nil
    /// The entry's action.
    public var action: JSONValue
    /// The value before the entry; `nil` when the path did not exist.
    public var old: JSONValue?
    /// The value after the entry; `nil` when the path no longer exists.
    public var new: JSONValue?
    /// The entry's `site` member as written, when it has one (see ``LogSite``).
    public var site: JSONValue?
    /// The entry's `origin` member as written, when it has one (see ``LogOrigin``).
    public var origin: JSONValue?
  }

  /// Whether `entry` changed the value at `path` (presence counts: a key
  /// appearing with `null` is a change), and the hit if so.
  public static func hit(_ entry: LogEntry, at path: JSONPointer) -> Hit? {
    let old = path.resolve(in: entry.prior)
    let new = path.resolve(in: entry.next)
    guard old != new else { return nil }
    return Hit(entry, old: old, new: new)
  }
}

extension Watch.Hit {
  /// The hit of `entry`, whose value at the watched path went from `old` to `new`.
  init(_ entry: LogEntry, old: JSONValue?, new: JSONValue?) {
    self.init(
      seq: entry.seq, recordedSeq: entry.recordedSeq == entry.seq ? nil : entry.recordedSeq,
      time: entry.time, action: entry.action, old: old, new: new,
      site: entry.otherMembers["site"], origin: entry.otherMembers["origin"])
  }
}
