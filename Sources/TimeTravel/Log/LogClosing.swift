/// A closing record: the line a writer adds when it closes a log, so that a reader can
/// tell a log that was closed from one whose writer stopped (a crash, a signal, a kill)
/// or is still writing.
///
/// `{"closed":true,"lastSeq":240,"time":"2026-01-05T09:14:24.000Z","by":"close"}`, the
/// last line of the log, starting with the literal bytes `{"closed":` (see
/// <doc:LogFormat>). ``LogRecorder`` writes it when ``LogRecorder/close()`` is
/// called, when the recorder is released, and when the process exits normally; a header
/// with `"closingRecord":true` promises one, and ``LogFile`` warns when it is missing.
public struct LogClosing: Sendable, Equatable {
  /// The `seq` of the last transition the writer accounted for: its last entry, or the
  /// last one of a gap record written after it; 0 when it wrote none.
  public var lastSeq: Int
  /// When the log was closed (RFC 3339, as entries' `time`), if given.
  public var time: String?
  /// What closed it, if given: `"close"` (``LogRecorder/close()``), `"release"` (the
  /// recorder was released unclosed), `"exit"` (the process exited normally), or a
  /// word of another writer's.
  public var by: String?
  /// The 1-based file line of the record.
  public var line: Int

  /// Creates a closing record.
  public init(lastSeq: Int, time: String?, by: String?, line: Int) {
    self.lastSeq = lastSeq
    self.time = time
    self.by = by
    self.line = line
  }

  /// Reads a closing record; `nil` unless `value` is an object with `"closed":true` and
  /// a non-negative integer `lastSeq`.
  init?(_ value: JSONValue, line: Int) {
    guard value["closed"] == .bool(true), let lastSeq = value["lastSeq"]?.numberValue?.intValue,
      lastSeq >= 0
    else { return nil }
    self.init(
      lastSeq: lastSeq, time: value["time"]?.stringValue, by: value["by"]?.stringValue,
      line: line)
  }

  /// The warning for a log whose header promises a closing record and which has none:
  /// `lastSeq` is the last `seq` the log accounts for, `nil` when it has no entries.
  static func missingMessage(lastSeq: Int?) -> String {
    let missing = lastSeq.map { "entries after seq \($0)" } ?? "entries"
    return
      "\(missingPrefix): the app crashed, was killed, or is still recording; \(missing) may be missing"
  }

  /// The start of ``missingMessage(lastSeq:)``.
  static let missingPrefix = "the session did not end cleanly (no closing record)"

  /// The warning for a closing record that disagrees with the log's last `seq`.
  func mismatchMessage(lastSeq: Int?) -> String {
    let found = lastSeq.map { "the log's last is seq \($0)" } ?? "the log has no entries"
    return "the closing record says the last entry was seq \(self.lastSeq), but \(found)"
  }

  /// The warning for a line that starts like a closing record and is not one.
  static let unreadableMessage =
    #"a closing record cannot be read (expected {"closed":true,"lastSeq":N} with N a non-negative integer); ignored it"#
}
