import TerminalEditor
import TimeTravel

/// What `--minimize` reports: the kept actions, how many of how many, and how many
/// replays it took.
struct MinimizeOutput: ModeOutput {
  var result: MinimizeResult
  var reducer: String

  struct Kept: Encodable {
    var seq: Int?
    var action: JSONValue
    var site: JSONValue?
  }

  struct Record: Encodable {
    var kept: [Kept]
    var from: Int
    var replays: Int
    /// Whether the kept history is 1-minimal; false when Ctrl-C or the budget stopped
    /// the search first.
    var minimal: Bool
    var stop: String
  }

  var record: Record {
    Record(
      kept: result.kept.map { Kept(seq: $0.seq, action: $0.action, site: $0.otherMembers["site"]) },
      from: result.from, replays: result.replays, minimal: result.stop == .minimal,
      stop: Self.name(result.stop))
  }

  static func name(_ stop: DeltaDebugging.Stop) -> String {
    switch stop {
    case .minimal: "minimal"
    case .cancelled: "cancelled"
    case .budget: "budget"
    }
  }

  func text(_ style: TextStyle) -> String {
    let of = "\(result.kept.count) of \(result.from) entries"
    let replays = result.replays == 1 ? "1 replay" : "\(result.replays) replays"
    let reducer = TerminalText.sanitize(self.reducer)
    var text: String
    switch result.stop {
    case .minimal:
      text =
        "kept \(of), 1-minimal (\(replays) through reducer \(reducer)): without any one of them the predicate does not hold at the end\n"
    case .cancelled:
      text =
        "stopped (Ctrl-C) after \(replays): the smallest failing history so far keeps \(of); it may not be 1-minimal\n"
    case .budget:
      text =
        "stopped after \(replays) (--max-replays): the smallest failing history so far keeps \(of); it may not be 1-minimal\n"
    }
    for entry in result.kept {
      text += "  \(EditedReplay.name(entry, style))\(style.payload(entry.action))"
      if let site = entry.otherMembers["site"] { text += "  at \(Self.site(site))" }
      text += "\n"
    }
    return text
  }

  /// `TodoView.swift:42` for a site object with `file` and `line`, else its JSON.
  static func site(_ site: JSONValue) -> String {
    if let file = site["file"]?.stringValue, let line = site["line"]?.numberValue?.intValue {
      return TerminalText.sanitize("\(file):\(line)")
    }
    return TerminalText.sanitize(JSONPrinter.compact.print(site))
  }
}
