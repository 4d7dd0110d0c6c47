import TerminalEditor
import TimeTravel

/// What the summary says about a log read from another tool, or one that records
/// actions only: where it came from, where its states come from, which entries Redux
/// DevTools skipped, where its cursor was, and an Elm history's message type.
struct ImportNotes: Encodable {
  /// The foreign format, when the log was read from one.
  var format: ForeignFormat?
  /// `nil` when the log records states; else whether a reducer recomputes them.
  var recomputedBy: String??
  /// The entries marked `"skipped":true`, by number.
  var skipped: [Int] = []
  /// Redux DevTools' cursor when it is not on the last state: `init` or an entry number.
  var cursor: String?
  /// An Elm history's Elm version and message type, e.g.
  /// `Main.Msg = Decrement | Increment | SetName String.String`.
  var elm: (version: String?, messageType: String?)?

  /// Reads the notes of `log`; the skipped entries are looked for in imported logs
  /// only (one parse per entry, not worth it for a log recorded by replay).
  init(_ log: LogFile, reducer: String?) throws(LogError) {
    let header = log.header
    format = header?.importedFrom.flatMap(ForeignFormat.init(rawValue:))
    if log.isActionOnly { recomputedBy = .some(log.hasStates ? reducer : nil) }
    if format != nil {
      for position in log.positions {
        let raw = try log.rawLine(ofEntry: position)
        guard let value = try? JSONParser.parse(bytes: Array(raw)),
          value["skipped"] == .bool(true)
        else { continue }
        skipped.append(log.numbering.number(atPosition: position))
      }
    }
    switch header?.otherMembers["cursor"] {
    case .string(let name)?: cursor = name
    case .number(let n)?: cursor = n.literal
    default: break
    }
    if let metadata = header?.otherMembers["metadata"] {
      elm = (metadata["versions"]?["elm"]?.stringValue, Self.messageType(metadata))
    }
  }

  /// `Main.Msg = Decrement | Increment | SetName String.String`, from Elm's metadata
  /// (`types.message` names the union; `types.unions` gives its tags and arguments).
  static func messageType(_ metadata: JSONValue) -> String? {
    guard let name = metadata["types"]?["message"]?.stringValue else { return nil }
    guard case .object(let tags)? = metadata["types"]?["unions"]?[name]?["tags"] else {
      return name
    }
    let cases = tags.map { tag, arguments in
      ([tag] + (arguments.arrayValue?.compactMap(\.stringValue) ?? [])).joined(separator: " ")
    }
    return "\(name) = \(cases.joined(separator: " | "))"
  }

  /// The summary's lines, sanitized for a terminal.
  var lines: [String] {
    var lines: [String] = []
    if let format { lines.append("from: \(format.displayName)") }
    if let elm {
      var text = "Elm\(elm.version.map { " \(TerminalText.sanitize($0))" } ?? "")"
      if let type = elm.messageType { text += ", message type \(TerminalText.sanitize(type))" }
      lines.append(text)
    }
    if let recomputedBy {
      if let name = recomputedBy {
        lines.append("states: recomputed through reducer \(TerminalText.sanitize(name))")
      } else {
        lines.append("states: none recorded (actions only); --reducer NAME recomputes them")
      }
    }
    if !skipped.isEmpty {
      let list = skipped.map(String.init).joined(separator: ", ")
      lines.append(
        skipped.count == 1
          ? "skipped: entry \(list) (skipped in Redux DevTools, so its state is unchanged)"
          : "skipped: entries \(list) (skipped in Redux DevTools, so their states are unchanged)")
    }
    if let cursor {
      lines.append(
        "cursor: Redux DevTools showed state \(TerminalText.sanitize(cursor)) when it exported (not the last)"
      )
    }
    return lines
  }

  /// Writes the members `--format json` adds to the summary, into the summary's
  /// record.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: RecordKey.self)
    if let format { try container.encode(format.rawValue, forKey: RecordKey("importedFrom")) }
    if let recomputedBy {
      try container.encode(recomputedBy == nil ? "none" : "recomputed", forKey: RecordKey("states"))
      if let name = recomputedBy { try container.encode(name, forKey: RecordKey("reducer")) }
    }
    if !skipped.isEmpty { try container.encode(skipped, forKey: RecordKey("skipped")) }
    if let cursor {
      if let number = Int(cursor) {
        try container.encode(number, forKey: RecordKey("cursor"))
      } else {
        try container.encode(cursor, forKey: RecordKey("cursor"))
      }
    }
    if let elm {
      var nested = container.nestedContainer(keyedBy: RecordKey.self, forKey: RecordKey("elm"))
      try nested.encode(OrNull(elm.version), forKey: RecordKey("version"))
      try nested.encode(OrNull(elm.messageType), forKey: RecordKey("messageType"))
    }
  }
}
