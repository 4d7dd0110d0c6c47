import TimeTravel

/// An entry as the listings' JSON records name it: `{seq, recordedSeq?, time?, action,
/// actionName, origin?, site?}`, the number as printed, the seq as written when they
/// differ, and the entry's `origin` and `site` members as written.
struct EntryRecord: Encodable {
  var seq: Int
  var recordedSeq: Int?
  var time: String?
  var action: JSONValue
  var actionName: String
  var origin: JSONValue?
  var site: JSONValue?

  init(_ entry: LogEntry) {
    seq = entry.seq
    if let recorded = entry.recordedSeq, recorded != entry.seq { recordedSeq = recorded }
    time = entry.time
    action = entry.action
    actionName = entry.actionName
    origin = entry.otherMembers["origin"]
    site = entry.otherMembers["site"]
  }
}
