import TerminalEditor
import TimeTravel

/// What `--why K` reports: the chain of causes of entry K, root first, K last; with
/// `--watch PATH`, what each link changed there.
struct WhyOutput: ModeOutput {
  /// What one link's entry did to the watched path.
  struct Change: Equatable {
    var old: JSONValue?
    var new: JSONValue?
  }

  var seq: Int
  var chain: CauseChain
  var path: JSONPointer?
  /// One per link, when a path is watched.
  var changes: [Change]?
  /// How the text matches array elements in a watched container (`--id-key`).
  var options = DiffOptions()

  /// `{"seq": K, "path"?: P, "chain": [{seq, action, actionName, time?, site?, effect?,
  /// changed?, old?, new?}], "warnings"?: [...]}`.
  struct Record: Encodable {
    var seq: Int
    var path: String?
    var chain: [LinkRecord]
    var warnings: [String]?
  }

  /// A link: its entry, the site it was dispatched at, and the effect run that sent it
  /// (`{name, id?, cause?, site?}`).
  struct LinkRecord: Encodable {
    var seq: Int
    var action: JSONValue
    var actionName: String
    var time: String?
    var site: JSONValue?
    var effect: RunRecord?
    var changed: Bool?
    var old: JSONValue?
    var new: JSONValue?
  }

  /// The effect between a link and the one before it.
  struct RunRecord: Encodable {
    var name: String
    var id: Int?
    var cause: Int?
    var site: JSONValue?
  }

  var record: Record {
    var links: [LinkRecord] = []
    for (i, link) in chain.links.enumerated() {
      var record = LinkRecord(
        seq: link.seq, action: link.action, actionName: link.actionName, time: link.time,
        site: link.site?.jsonValue, effect: Self.effect(of: link))
      if let change = changes?[i] {
        (record.changed, record.old, record.new) = (
          change.old != change.new, change.old, change.new
        )
      }
      links.append(record)
    }
    return Record(
      seq: seq, path: path?.description, chain: links,
      warnings: chain.warnings.isEmpty ? nil : chain.warnings.map(\.description))
  }

  /// The effect that sent `link`: its run's start record, or the name its `origin` gives.
  private static func effect(of link: CauseChain.Link) -> RunRecord? {
    if let run = link.effect {
      return RunRecord(name: run.name, id: run.id, cause: run.cause, site: run.site?.jsonValue)
    }
    guard let name = link.origin?.effect else { return nil }
    return RunRecord(name: name, id: link.origin?.effectID, cause: link.origin?.cause)
  }

  func text(_ style: TextStyle) -> String {
    guard let first = chain.links.first, let last = chain.links.last else { return "" }
    let name = "entry \(seq) (\(style.name(last.action)))"
    // A first link with a cause is where the chain broke (a cause not in the log, a cycle,
    // a cause after what it caused; the warnings say which): not a root cause.
    var text: String
    switch (chain.links.count == 1, first.origin?.cause) {
    case (true, nil): text = "\(name) has no recorded cause:\n"
    case (false, nil): text = "\(name), from its root cause:\n"
    case (true, let cause?):
      text = "\(name): its recorded cause, entry \(cause), cannot be followed:\n"
    case (false, _): text = "\(name), back to where its chain of causes breaks:\n"
    }
    for (i, link) in chain.links.enumerated() {
      if i > 0 { text += "  ↓ " + connector(link, style) + "\n" }
      text += "  entry \(link.seq) (\(style.name(link.action)))"
      if let time = link.time { text += " at \(TerminalText.sanitize(time))" }
      text += style.payload(link.action) + "\n"
      if let site = link.site { text += "    dispatched at \(style.site(site))\n" }
      if let path, let change = changes?[i] { text += changeText(path, change, style) }
    }
    return text
  }

  /// How a link came from the one before: `the effect `charge` (run 2, started at
  /// CheckoutSample/CheckoutReducer.swift:55) sent`, or `caused`.
  private func connector(_ link: CauseChain.Link, _ style: TextStyle) -> String {
    if let run = link.effect {
      var text = "the effect `\(TerminalText.sanitize(run.name))` (run \(run.id)"
      if let site = run.site { text += ", started at \(style.site(site, function: false))" }
      return text + ") sent"
    }
    if let name = link.origin?.effect { return "the effect `\(TerminalText.sanitize(name))` sent" }
    return "caused"
  }

  /// `    /total: 1200 → -300`, or `    /total: unchanged (1200)`; for a container changed
  /// inside, the count of changes and one line per change below it, as `--watch` lists
  /// them (``WatchOutput/change(from:to:at:changes:options:_:)``).
  private func changeText(_ path: JSONPointer, _ change: Change, _ style: TextStyle) -> String {
    let name = path.tokens.isEmpty ? "the whole state" : path.displayText
    guard change.old != change.new else {
      return "    \(name): unchanged (\(style.valueOrAbsent(change.new)))\n"
    }
    let listed = WatchOutput.change(
      from: change.old, to: change.new, at: path, options: options, style)
    var text = "    \(name): \(listed.summary)\n"
    for line in listed.lines { text += "      " + line + "\n" }
    return text
  }
}
