import TerminalEditor
import TimeTravel

/// What `--bisect` reports: the first bad entry with what it changed, or why there is
/// none, and how many states were judged.
struct BisectOutput: ModeOutput {
  /// What the search found, with what each answer needs to be shown.
  enum Found {
    case holdsAtStart
    case neverHolds
    /// Skipped states border the change (`decided`), or a scan found no bad state but
    /// skipped some: the entries the first bad one could be.
    case candidates([LogEntry], labels: [StateLabel], decided: Bool)
    case firstBad(LogEntry, changes: [JSONChange], warnings: [String])
  }

  var found: Found
  /// Why the states were judged one by one, said before the result.
  var note: String?
  var scan: Bisect.ScanReason?
  var evaluated: Int
  /// The last state's label and the number of states.
  var lastState: StateLabel
  var stateCount: Int
  /// The action name of the first bad entry's cause, when it has one.
  var causeAction: String? = nil

  var exitCode: Int32 {
    switch found {
    case .holdsAtStart: ExitCode.holdsAtStart
    case .neverHolds: ExitCode.notFound
    case .candidates: ExitCode.inconclusive
    case .firstBad: ExitCode.success
    }
  }

  struct Record: Encodable {
    var result: String
    var seq: Int?
    var action: JSONValue?
    var actionName: String?
    var time: String?
    var line: Int?
    /// The first bad entry's `origin` and `site` members, as written.
    var origin: JSONValue?
    var site: JSONValue?
    var candidates: [StateLabel]?
    var evaluated: Int
    var scan: String?
    var changes: [ChangeRecord]?
    var warnings: [String]?
  }

  var record: Record {
    var record = Record(result: "", evaluated: evaluated, scan: scan.map(Self.name))
    switch found {
    case .holdsAtStart: record.result = "holdsAtStart"
    case .neverHolds: record.result = "neverHolds"
    case .candidates(_, let labels, let decided):
      record.result = decided ? "candidates" : "undecided"
      record.candidates = labels
    case .firstBad(let entry, let changes, let warnings):
      record.result = "firstBad"
      record.seq = entry.seq
      record.action = entry.action
      record.actionName = entry.actionName
      record.time = entry.time
      record.line = entry.line
      record.origin = entry.otherMembers["origin"]
      record.site = entry.otherMembers["site"]
      record.changes = ChangeRecord.list(changes)
      record.warnings = warnings.isEmpty ? nil : warnings
    }
    return record
  }

  /// The `scan` member: why the states were judged one by one.
  private static func name(_ reason: Bisect.ScanReason) -> String {
    switch reason {
    case .requested: "requested"
    case .readsTransition: "readsTransition"
    case .endsAreGood: "endsAreGood"
    }
  }

  func text(_ style: TextStyle) -> String {
    let footer = "evaluated \(evaluated) of \(stateCount) states\n"
    var text = note.map { $0 + "\n" } ?? ""
    switch found {
    case .holdsAtStart:
      text += "the state is already bad on the initial state (init): no entry introduced it\n"
    case .neverHolds where scan == nil:
      text +=
        "the state is never bad: not on the last state (\(lastState.name)) nor on the initial state (init)\n"
    case .neverHolds:
      text += "the state is never bad: not on any of the \(stateCount) states\n"
    case .candidates(let entries, _, let decided):
      text +=
        decided
        ? "there are only skipped states left to test; the first bad entry could be any of:\n"
        : "no state judged is bad, but \(entries.count == 1 ? "1 state was" : "\(entries.count) states were") skipped; the first bad entry, if there is one, could be any of:\n"
      for entry in entries { text += "  " + style.listing(entry) + "\n" }
      text += footer
    case .firstBad(let entry, let changes, _):
      text += "entry \(entry.seq) (\(style.name(entry.action))) is the first bad entry\n"
      if let time = entry.time { text += "time:   \(TerminalText.sanitize(time))\n" }
      text += "action: \(style.abbreviated(entry.action))\n"
      text += style.provenanceLines(entry, causeAction: causeAction)
      text += "changes:\n"
      for line in style.renderer.renderLines(changes) { text += "  " + line + "\n" }
      if changes.isEmpty { text += "  (no state changes)\n" }
      text += footer
    }
    return text
  }
}
