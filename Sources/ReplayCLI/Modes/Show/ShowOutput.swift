import TerminalEditor
import TimeTravel

/// What `--show N` reports: entry N with everything its writer recorded, and the state
/// after it; for `init`, the initial state.
struct ShowOutput: ModeOutput, Encodable {
  /// Entry N; `nil` for the initial state.
  var entry: LogEntry?
  var state: JSONValue
  /// The name of the first entry, whose prior the initial state is.
  var first: String
  /// The action name of the entry that caused entry N, when it has a cause.
  var causeAction: String? = nil

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: RecordKey.self)
    try container.encode(OrNull(entry?.seq), forKey: RecordKey("seq"))
    var written: Set<String> = ["seq", "action"]
    if let entry, let recorded = entry.recordedSeq, recorded != entry.seq {
      try container.encode(recorded, forKey: RecordKey("recordedSeq"))
      written.insert("recordedSeq")
    }
    try container.encode(entry?.action ?? .null, forKey: RecordKey("action"))
    if let entry {
      try container.encode(entry.actionName, forKey: RecordKey("actionName"))
      written.insert("actionName")
      if let time = entry.time {
        try container.encode(time, forKey: RecordKey("time"))
        written.insert("time")
      }
      // The writer's other members (`origin`, …), where they name no member above.
      for (key, value) in entry.otherMembers where !written.contains(key) {
        try container.encode(value, forKey: RecordKey(key))
      }
    }
    try container.encode(state, forKey: RecordKey("state"))
  }

  func text(_ style: TextStyle) -> String {
    var text: String
    if let entry {
      text = "entry \(entry.seq) (\(style.name(entry.action)))"
      if let time = entry.time { text += " at \(TerminalText.sanitize(time))" }
      text += "\naction: \(JSONPrinter.compact.print(entry.action))\n"
      text += style.provenanceLines(entry, causeAction: causeAction, width: 0)
      // The writer's other members as written; a site and a cause read above are not
      // repeated.
      for (key, value) in entry.otherMembers {
        if key == "site", entry.site != nil { continue }
        if key == "origin", entry.origin?.cause != nil { continue }
        text += "\(TerminalText.sanitize(key)): \(JSONPrinter.compact.print(value))\n"
      }
      if let recorded = entry.recordedSeq, recorded != entry.seq {
        text += "recorded seq: \(recorded)\n"
      }
      text += "state after it:\n"
    } else {
      text = "init: the initial state (entry \(first)'s prior)\n"
    }
    return text + JSONPrinter.pretty.print(state) + "\n"
  }
}
