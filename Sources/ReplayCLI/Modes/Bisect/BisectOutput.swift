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

  /// What the check of a first bad entry found: the states before it scanned.
  struct Check {
    enum Finding {
      case confirmed
      /// The entry binary search landed on, and the flips up to it.
      case notMonotone(bisected: Int, flips: [(entry: StateLabel, verdict: Bisect.Verdict)])
      case unconfirmed
    }
    var finding: Finding
    /// The states the scan covered.
    var scanned: (from: StateLabel, to: StateLabel)?
    /// How many states were judged in all, by the search and the check.
    var judged: Int
    /// Whether an unconfirmed check ran out of time, rather than never running.
    var timedOut = false

    init(_ confirmation: Bisect.Confirmation, judged: Int, context: Context) {
      switch confirmation.finding {
      case .confirmed: finding = .confirmed
      case .unconfirmed: finding = .unconfirmed
      case .notMonotone(let bisected, let flips):
        finding = .notMonotone(
          bisected: context.log.numbering.number(atPosition: bisected),
          flips: flips.map { (context.stateLabel($0.entry), $0.verdict) })
      }
      scanned = confirmation.scanned.map {
        (context.stateLabel($0.lowerBound), context.stateLabel($0.upperBound))
      }
      self.judged = judged
    }
  }

  var found: Found
  /// Why the states were judged one by one, said before the result.
  var note: String?
  var scan: Bisect.ScanReason?
  /// The check of a first bad entry found by binary search; `nil` after a scan, whose
  /// first bad entry is certain, and for the other outcomes.
  var check: Check?
  /// The states binary search judged (the check's are counted apart).
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
    /// Whether every state before the first bad entry was judged good.
    var confirmed: Bool?
    var scanned: ScannedRecord?
    /// `false` when the check found an earlier bad state than binary search did.
    var monotone: Bool?
    /// The entry binary search landed on, when it was not the first bad one.
    var bisected: Int?
    var flips: [FlipRecord]?
    var changes: [ChangeRecord]?
    var warnings: [String]?
  }

  /// The states the check scanned, and how many it judged (the search judged the rest).
  struct ScannedRecord: Encodable {
    var from: StateLabel
    var to: StateLabel
  }

  /// An entry after which the verdict changed.
  struct FlipRecord: Encodable {
    var seq: StateLabel
    var verdict: String
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
      addCheck(to: &record)
    }
    return record
  }

  /// `confirmed`, `scanned` and, when not monotone, `monotone`, `bisected` and `flips`.
  private func addCheck(to record: inout Record) {
    guard let check else {
      // A scan judged every state before it.
      record.confirmed = scan != nil
      return
    }
    record.scanned = check.scanned.map { ScannedRecord(from: $0.from, to: $0.to) }
    switch check.finding {
    case .confirmed: record.confirmed = true
    case .unconfirmed: record.confirmed = false
    case .notMonotone(let bisected, let flips):
      record.confirmed = true
      record.monotone = false
      record.bisected = bisected
      record.flips = flips.map {
        FlipRecord(seq: $0.entry, verdict: $0.verdict == .bad ? "bad" : "good")
      }
    }
  }

  /// The check's line after a first bad entry found by binary search.
  private func checkText(_ check: Check, entry: LogEntry) -> String {
    let scanned =
      check.scanned.map {
        $0.from == $0.to
          ? " (scanned state \($0.from.name))" : " (scanned states \($0.from.name)…\($0.to.name))"
      } ?? ""
    switch check.finding {
    case .confirmed:
      return "confirmed: no earlier state is bad\(scanned)\n"
    case .unconfirmed:
      let stopped =
        check.timedOut
        ? " (the check ran out of time after state \(check.scanned?.to.name ?? StateName.initialWord))"
        : ""
      return
        "unconfirmed: \(check.judged) of \(stateCount) states judged\(stopped); --confirm or --linear to be sure\n"
    case .notMonotone(let bisected, let flips):
      let shown = flips.count <= Self.flipsShown + 2 ? flips.count : Self.flipsShown
      let listed = flips.prefix(shown).map {
        "\($0.verdict == .bad ? "bad" : "good") at \($0.entry.name)"
      }
      let more = shown < flips.count ? ", … (\(flips.count - shown) more)" : ""
      return
        "not monotone: state \(entry.seq) is already bad, before entry \(bisected) where binary search landed; the first bad entry is \(entry.seq)\(scanned)\n"
        + "flips: \(listed.joined(separator: ", "))\(more)\n"
    }
  }

  /// How many flips the text lists when there are more than two more; JSON lists them all.
  static let flipsShown = 10

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
      if let check { text += checkText(check, entry: entry) }
    }
    return text
  }
}
