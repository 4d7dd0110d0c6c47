import TerminalEditor
import TimeTravel

/// Where an entry came from, as every text view shows it: its dispatch site and its
/// cause (the effect that sent it and the entry whose reducer started that effect).
extension TextStyle {
  /// The longest file name shown whole unless `--full`; longer ones keep their end.
  static let fileNameLimit = 60

  /// `file`, safe for a terminal, cut to its last characters after `…` when longer than
  /// ``fileNameLimit`` and not `--full`: the file's own name stays in view.
  func fileName(_ file: String) -> String {
    let clean = TerminalText.sanitize(file)
    guard !full, clean.count > Self.fileNameLimit else { return clean }
    return "…" + clean.suffix(Self.fileNameLimit - 1)
  }

  /// `CheckoutSample/CheckoutView.swift:29 in payTapped()`; without the function when
  /// `function` is false or the site has none.
  func site(_ site: LogSite, function: Bool = true) -> String {
    var text = fileName(site.file)
    if let line = site.line {
      text += ":\(line)"
      if let column = site.column { text += ":\(column)" }
    }
    if function, let name = site.function { text += " in \(TerminalText.sanitize(name))" }
    return text
  }

  /// ``sent by the effect `charge` of entry 4``, or `caused by entry 4` when no effect is
  /// named; with the cause's action name after it when known (`of entry 4 (pay)`). `nil`
  /// for an origin without a cause.
  func cause(_ origin: LogOrigin, causeAction: String? = nil) -> String? {
    guard let seq = origin.cause else { return nil }
    let entry = "entry \(seq)" + (causeAction.map { " (\(TerminalText.sanitize($0)))" } ?? "")
    guard let effect = origin.effect else { return "caused by \(entry)" }
    return "sent by the effect `\(TerminalText.sanitize(effect))` of \(entry)"
  }

  /// What a listing adds to an entry's line: ` — from FILE:LINE, sent by the effect
  /// `charge` of entry 4`; empty when the entry has neither site nor cause.
  func provenance(_ entry: LogEntry) -> String {
    provenance(site: entry.otherMembers["site"], origin: entry.otherMembers["origin"])
  }

  /// ``provenance(_:)`` from an entry's `site` and `origin` members as written.
  func provenance(site: JSONValue?, origin: JSONValue?) -> String {
    var parts: [String] = []
    if let site = site.flatMap(LogSite.init) {
      parts.append("from " + self.site(site, function: false))
    }
    if let cause = origin.flatMap(LogOrigin.init).flatMap({ self.cause($0) }) {
      parts.append(cause)
    }
    return parts.isEmpty ? "" : " — " + parts.joined(separator: ", ")
  }

  /// `site:` and `cause:` lines for a view of one entry, their labels padded to `width`
  /// (`"site:   …"` beside `"action: …"`); empty when the entry has neither.
  func provenanceLines(_ entry: LogEntry, causeAction: String?, width: Int = 8) -> String {
    func label(_ name: String) -> String { (name + ":").padding(toLength: width) }
    var text = ""
    if let site = entry.site { text += label("site") + self.site(site) + "\n" }
    if let cause = entry.origin.flatMap({ self.cause($0, causeAction: causeAction) }) {
      text += label("cause") + cause + "\n"
    }
    return text
  }
}

extension String {
  /// The string followed by spaces up to `length` characters (never cut).
  fileprivate func padding(toLength length: Int) -> String {
    count >= length ? self + " " : self + String(repeating: " ", count: length - count)
  }
}

extension Context {
  /// The action name of the entry `origin` names as its cause, read from its line; `nil`
  /// when there is none or it cannot be read (the views then name the entry alone).
  func causeAction(of entry: LogEntry) -> String? {
    guard let seq = entry.origin?.cause,
      let cause = try? log.entry(numbered: seq)
    else { return nil }
    return cause.actionName
  }
}
