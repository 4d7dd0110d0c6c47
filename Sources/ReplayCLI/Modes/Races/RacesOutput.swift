import TerminalEditor
import TimeTravel

/// What `--races` reports: each ordering that makes the predicate hold, as `--move`
/// edits, with its first bad entry and what differs there from the recording.
struct RacesOutput: ModeOutput {
  var result: RaceResult
  var window: Int
  var diffOptions: DiffOptions

  /// Bisect's codes: 0 when a race was found, 1 when none was.
  var exitCode: Int32 { result.orderings.isEmpty ? ExitCode.notFound : ExitCode.success }

  struct Move: Encodable {
    var seq: Int
    var after: Int
  }

  struct Ordering: Encodable {
    var moves: [Move]
    var firstBad: Int?
    var changes: [ChangeRecord]
  }

  struct Record: Encodable {
    var result: String
    var orderings: [Ordering]
    var explored: Int
    var effectActions: Int
    var window: Int
    /// Whether every ordering in the window was explored.
    var complete: Bool
  }

  var record: Record {
    Record(
      result: result.orderings.isEmpty ? "none" : "race",
      orderings: result.orderings.map { ordering in
        Ordering(
          moves: ordering.moves.compactMap { edit in
            guard case .move(let seq, let after) = edit else { return nil }
            return Move(seq: seq, after: after)
          }, firstBad: ordering.firstBad.seq, changes: ChangeRecord.list(changes(ordering)))
      }, explored: result.explored, effectActions: result.effectActions, window: window,
      complete: result.stop == .minimal)
  }

  private func changes(_ ordering: RaceOrdering) -> [JSONChange] {
    JSONDiff.changes(from: ordering.recorded, to: ordering.state, options: diffOptions)
  }

  func text(_ style: TextStyle) -> String {
    let actions = result.effectActions == 1 ? "1 action" : "\(result.effectActions) actions"
    let entries = window == 1 ? "1 entry" : "\(window) entries"
    var text =
      "explored \(result.explored) ordering\(result.explored == 1 ? "" : "s"): \(actions) an effect sent, each moved up to \(entries) later"
    switch result.stop {
    case .minimal: text += "\n"
    case .cancelled: text += "; Ctrl-C stopped the search, there may be more\n"
    case .budget: text += "; --max-orderings stopped the search, there may be more\n"
    }
    guard !result.orderings.isEmpty else {
      return text + "no ordering makes the predicate hold\n"
    }
    let count = result.orderings.count
    text +=
      "\(count) ordering\(count == 1 ? "" : "s") make\(count == 1 ? "s" : "") the predicate hold (paste the moves into --what-if):\n"
    for ordering in result.orderings {
      let moves = ordering.moves.map { TerminalText.sanitize($0.description) }.joined(
        separator: " ")
      text += "  \(moves)\n"
      text +=
        "    first bad: \(EditedReplay.name(ordering.firstBad, style)); its state, recorded → reordered:\n"
      for line in style.renderer.renderLines(changes(ordering)) { text += "      " + line + "\n" }
    }
    return text
  }
}
