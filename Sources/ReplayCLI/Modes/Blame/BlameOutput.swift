import TerminalEditor
import TimeTravel

/// What `--blame PATH` reports: the sites (or, without sites, the action names) whose
/// entries changed the value, most entries first.
struct BlameOutput: ModeOutput {
  var path: JSONPointer
  var range: SeqRange?
  var blame: Blame

  /// `{site, action?, effect?, entries, first, last}`: `site` is `null` for entries grouped
  /// by action name.
  struct CulpritRecord: Encodable {
    var site: OrNull<JSONValue>
    var action: String?
    var effect: String?
    var entries: Int
    var first: Int
    var last: Int
  }

  struct Record: Encodable {
    var path: String
    var range: String?
    var entries: Int
    var sites: [CulpritRecord]
    var groupedByAction: Bool?
  }

  var exitCode: Int32 { blame.entryCount == 0 ? ExitCode.notFound : ExitCode.success }

  var record: Record {
    Record(
      path: path.description, range: range?.description, entries: blame.entryCount,
      sites: blame.ranked.map {
        CulpritRecord(
          site: OrNull($0.site?.jsonValue), action: $0.action, effect: $0.effect,
          entries: $0.entries, first: $0.first, last: $0.last)
      },
      groupedByAction: blame.groupsByAction ? true : nil)
  }

  func text(_ style: TextStyle) -> String {
    let shown = path.tokens.isEmpty ? "the whole state" : path.displayText
    let within = range.map { " in entries \($0.description)" } ?? ""
    let count = blame.entryCount
    guard count > 0 else { return "no entry changed \(shown)\(within)\n" }
    let culprits = blame.ranked
    let sites = culprits.count { $0.site != nil }
    var text = "\(count) \(count == 1 ? "entry" : "entries") changed \(shown)\(within)"
    text += sites == culprits.count ? ", from \(Self.plural(sites, "site")):\n" : ":\n"
    if blame.groupsByAction {
      text +=
        sites == 0
        ? "(the log records no dispatch sites: entries are grouped by action name)\n"
        : "(entries without a dispatch site are grouped by action name)\n"
    }
    let rows = culprits.map { culprit in
      (
        Self.plural(culprit.entries, "entry"),
        culprit.first == culprit.last ? "\(culprit.first)" : "\(culprit.first)…\(culprit.last)",
        where_(culprit, style)
      )
    }
    let countWidth = rows.map(\.0.count).max() ?? 0
    let seqWidth = rows.map(\.1.count).max() ?? 0
    for (entries, seqs, place) in rows {
      text +=
        "  " + entries.padding(countWidth) + "  " + seqs.padding(seqWidth) + "  " + place + "\n"
    }
    return text
  }

  /// The site and its effect, or the action name.
  private func where_(_ culprit: Blame.Culprit, _ style: TextStyle) -> String {
    guard let site = culprit.site else {
      return "action \(TerminalText.sanitize(culprit.action ?? "?"))"
    }
    var text = style.site(site)
    if let effect = culprit.effect { text += ", in the effect `\(TerminalText.sanitize(effect))`" }
    return text
  }

  /// "1 entry", "2 entries".
  static func plural(_ count: Int, _ noun: String) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(noun == "entry" ? "entries" : noun + "s")"
  }
}

extension String {
  /// The string followed by spaces up to `width` characters.
  fileprivate func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
