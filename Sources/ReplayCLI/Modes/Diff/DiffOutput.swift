import TimeTravel

/// What `--diff` reports: the changes from one state to another, and for `--diff K` the
/// entry that made them, as TCA's `_printChanges` prints the action received.
struct DiffOutput: ModeOutput {
  var old: JSONValue
  var new: JSONValue
  /// State A; `nil` when entry K's prior is no state of the log.
  var from: StateLabel?
  var to: StateLabel
  /// "state 52 → state 53".
  var heading: String
  var entry: LogEntry?
  var changes: [JSONChange]
  /// The action name of the entry's cause, when it has one.
  var causeAction: String? = nil

  struct Record: Encodable {
    var from: OrNull<StateLabel>
    var to: StateLabel
    var action: JSONValue?
    /// The entry's `origin` and `site` members, as written.
    var origin: JSONValue?
    var site: JSONValue?
    var changes: [ChangeRecord]
  }

  var record: Record {
    Record(
      from: OrNull(from), to: to, action: entry?.action,
      origin: entry?.otherMembers["origin"], site: entry?.otherMembers["site"],
      changes: ChangeRecord.list(changes))
  }

  func text(_ style: TextStyle) -> String {
    var text = ""
    if let entry {
      text += style.entryLine(entry) + "\naction: \(style.abbreviated(entry.action))\n"
      text += style.provenanceLines(entry, causeAction: causeAction)
    }
    text += heading + ": "
    text +=
      changes.isEmpty
      ? "no changes\n" : "\(changes.count) \(changes.count == 1 ? "change" : "changes")\n"
    if !changes.isEmpty {
      text += style.renderer.renderStructural(old: old, new: new, changes: changes) + "\n"
    }
    return text
  }
}

/// `--diff A B --format json-patch`: the RFC 6902 patch that turns state A into state B.
struct PatchOutput: ModeOutput {
  var patch: JSONPatch

  var record: JSONValue { patch.jsonValue }

  func text(_ style: TextStyle) -> String { JSONPrinter.compact.print(patch.jsonValue) + "\n" }
}
