import TerminalEditor
import TimeTravel

/// One line `--follow` reports while it follows: that it started, a new entry that
/// matches (as `--find` lists it, or a `--watch` hit), or what happened to the file. The
/// JSON record is one object a line: `{"event":"truncated","size":0}`, an entry's record.
enum FollowEvent: ModeOutput {
  /// Following began; `stream` for a stream read to its end (stdin, a FIFO).
  case following(path: String, stream: Bool = false)
  case newSession(path: String, header: LogHeader)
  case closed(path: String, lastSeq: Int)
  case truncated(path: String, size: Int)
  case replaced(path: String)
  case removed(path: String)
  /// A new entry, as `--find` lists it (with its payload and provenance).
  case entry(LogEntry)
  /// A `--watch` hit on the value at `path`.
  case hit(Watch.Hit, path: JSONPointer)

  struct Record: Encodable {
    var event: FollowEvent

    func encode(to encoder: any Encoder) throws {
      switch event {
      case .entry(let entry): try EntryRecord(entry).encode(to: encoder)
      case .hit(let hit, _): try WatchOutput.HitRecord(hit).encode(to: encoder)
      default: try event.encodeEvent(to: encoder)
      }
    }
  }

  var record: Record { Record(event: self) }

  /// `{"event":…}` with what the event carries.
  private func encodeEvent(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: RecordKey.self)
    let event = RecordKey("event")
    switch self {
    case .following(let path, let stream):
      try container.encode("following", forKey: event)
      try container.encode(path, forKey: RecordKey("path"))
      if stream { try container.encode(true, forKey: RecordKey("stream")) }
    case .newSession: try container.encode("session", forKey: event)
    case .closed(_, let lastSeq):
      try container.encode("closed", forKey: event)
      try container.encode(lastSeq, forKey: RecordKey("lastSeq"))
    case .truncated(_, let size):
      try container.encode("truncated", forKey: event)
      try container.encode(size, forKey: RecordKey("size"))
    case .replaced: try container.encode("replaced", forKey: event)
    case .removed: try container.encode("removed", forKey: event)
    case .entry, .hit: break
    }
  }

  func text(_ style: TextStyle) -> String {
    switch self {
    case .following(let path, let stream):
      let how = stream ? " as a stream, to its end" : ""
      return "following \(TerminalText.sanitize(path))\(how) (Ctrl-C stops)\n"
    case .newSession(let path, let header):
      return "\(TerminalText.sanitize(path)): new session (\(SummaryMode.headerText(header)))\n"
    case .closed(let path, let lastSeq):
      return "\(TerminalText.sanitize(path)): the app closed the log (last seq \(lastSeq))\n"
    case .truncated(let path, let size):
      return
        "\(TerminalText.sanitize(path)) was truncated (now \(size) bytes): a new session, read from its start\n"
    case .replaced(let path):
      return
        "\(TerminalText.sanitize(path)) was replaced by a new file: a new session, read from its start\n"
    case .removed(let path):
      return "\(TerminalText.sanitize(path)) was removed; waiting for a new file at that path\n"
    case .entry(let entry):
      return "  " + style.listing(entry) + "\n"
    case .hit(let hit, let path):
      // A container changed inside: its changes, as `--watch` lists the entries before
      // following began.
      switch (hit.old, hit.new) {
      case (.array, .array), (.object, .object): return WatchOutput.line(hit, at: path, style)
      default: break
      }
      return
        "  entry \(hit.seq) (\(style.name(hit.action))): \(style.valueOrAbsent(hit.old)) → \(style.valueOrAbsent(hit.new))\(style.provenance(site: hit.site, origin: hit.origin))\n"
    }
  }
}
