import TimeTravel

/// An entry as the listings' JSON records name it: `{seq, recordedSeq?, time?, action,
/// actionName}`, the number as printed, and the seq as written when they differ.
struct EntryRecord: Encodable {
  var seq: Int
  var recordedSeq: Int?
  var time: String?
  var action: JSONValue
  var actionName: String

  init(_ entry: LogEntry) {
    seq = entry.seq
    if let recorded = entry.recordedSeq, recorded != entry.seq { recordedSeq = recorded }
    time = entry.time
    action = entry.action
    actionName = entry.actionName
  }
}
