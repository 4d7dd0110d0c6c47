import TerminalEditor
import TimeTravel

/// What `--what-if` reports: where the edited history departs from the recording, the
/// diff of the final states, and the predicate's answer.
struct WhatIfOutput: ModeOutput {
  var result: WhatIfResult
  var reducer: String
  var hasPredicate: Bool
  var diffOptions: DiffOptions

  /// With a predicate, bisect's codes: 0 when it holds on an entry of the edited
  /// history, 1 when it never does. Without one, 0.
  var exitCode: Int32 {
    hasPredicate && result.firstBad == nil ? ExitCode.notFound : ExitCode.success
  }

  /// One edit as the record writes it.
  struct EditRecord: Encodable {
    var op: String
    var seq: Int?
    var before: Int?
    var after: Int?
    var action: JSONValue?

    init(_ edit: HistoryEdit) {
      switch edit {
      case .skip(let seq): (op, self.seq) = ("skip", seq)
      case .edit(let seq, let action): (op, self.seq, self.action) = ("edit", seq, action)
      case .insert(let before, let action):
        (op, self.before, self.action) = ("insert", before, action)
      case .move(let seq, let after): (op, self.seq, self.after) = ("move", seq, after)
      }
    }
  }

  struct Record: Encodable {
    var edits: [EditRecord]
    var firstDivergence: OrNull<Int>
    var firstBad: OrNull<Int>
    /// Set when the first bad entry is an inserted action, which has no seq.
    var firstBadInserted: Bool?
    /// Set when the first bad entry lies before the edits, as recorded.
    var firstBadRecorded: Bool?
    var holdsAtEnd: OrNull<Bool>
    var recordedHoldsAtEnd: OrNull<Bool>
    var changes: [ChangeRecord]
    var startedAfter: OrNull<Int>
    var replayed: Int
    var dropped: [Int]
  }

  var record: Record {
    Record(
      edits: result.edits.map(EditRecord.init), firstDivergence: OrNull(result.firstDivergence),
      firstBad: OrNull(result.firstBad?.seq),
      firstBadInserted: result.firstBad?.change == .inserted ? true : nil,
      firstBadRecorded: result.firstBadIsRecorded ? true : nil,
      holdsAtEnd: OrNull(result.holdsAtEnd), recordedHoldsAtEnd: OrNull(result.recordedHoldsAtEnd),
      changes: ChangeRecord.list(changes), startedAfter: OrNull(result.startedAfter),
      replayed: result.replayed.count, dropped: result.dropped)
  }

  /// The final diff with `--id-key`.
  private var changes: [JSONChange] {
    JSONDiff.changes(from: result.recordedFinal, to: result.final, options: diffOptions)
  }

  func text(_ style: TextStyle) -> String {
    let edits = result.edits.map { TerminalText.sanitize($0.description) }.joined(separator: " ")
    let from =
      result.startedAfter.map { "the recorded state after entry \($0)" }
      ?? "the initial state (init)"
    var text: String
    if result.replayed.isEmpty {
      let end = result.startedAfter.map { "entry \($0)" } ?? "the initial state"
      text =
        "what if \(edits): the edited history is the recording up to \(end), where it ends: nothing to replay\n"
    } else {
      text =
        "what if \(edits): replayed \(Self.count(result.replayed.count)) from \(from) through reducer \(TerminalText.sanitize(reducer))\n"
    }
    if !result.dropped.isEmpty {
      let which = result.dropped.count == 1 ? "entry" : "entries"
      text +=
        "also left out: \(which) \(Self.list(result.dropped)), sent by the effects of entries left out\n"
    }
    if let seq = result.firstDivergence, let entry = result.replayed.first(where: { $0.seq == seq })
    {
      text +=
        "first divergence: \(EditedReplay.name(entry, style)): its state differs from the recorded one\n"
    } else if !result.replayed.isEmpty {
      text += "no divergence: every replayed state is the recorded one\n"
    }
    if hasPredicate { text += predicateText(style) + "\n" }
    let changes = changes
    if changes.isEmpty {
      text += "the final states agree\n"
    } else {
      text += "final state, recorded → edited:\n"
      for line in style.renderer.renderLines(changes) { text += "  " + line + "\n" }
    }
    return text
  }

  /// What the predicate did in the edited history.
  private func predicateText(_ style: TextStyle) -> String {
    if let bad = result.firstBad {
      let name = EditedReplay.name(bad, style)
      return result.firstBadIsRecorded
        ? "the predicate already holds after \(name), before the edits: as recorded"
        : "the predicate first holds after \(name)"
    }
    let skips = result.edits.compactMap { edit -> Int? in
      if case .skip(let seq) = edit { return seq }
      return nil
    }
    guard result.recordedHoldsAtEnd == true else {
      return "the predicate never holds, as in the recording"
    }
    guard skips.count == result.edits.count else {
      return
        "with these edits the predicate never holds, though it holds at the end of the recording"
    }
    let list = Self.list(skips)
    return skips.count == 1
      ? "without entry \(list) the predicate never holds: entry \(list) is necessary for the bug"
      : "without entries \(list) the predicate never holds: one of them at least is necessary for the bug"
  }

  static func count(_ n: Int) -> String { n == 1 ? "1 entry" : "\(n) entries" }

  /// `117`, `117 and 120`, `3, 5 and 8`.
  static func list(_ seqs: [Int]) -> String {
    let words = seqs.map(String.init)
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " and " + words.last!
  }
}
