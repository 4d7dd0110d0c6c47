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
    /// The entry's seq.
    public var seq: Int
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
    return Hit(
      seq: entry.seq, action: entry.action, old: old, new: new,
      site: entry.otherMembers["site"], origin: entry.otherMembers["origin"])
  }
}
