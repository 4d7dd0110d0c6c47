import TimeTravelJSON

/// One entry line handed to the reader of a scan (``LogFile/scan(_:threads:read:consume:)``):
/// where it is and its bytes, read with the lines around it in one read.
///
/// The bytes are valid only during the call that receives the line.
public struct LogLine {
  /// The log the line belongs to.
  public let log: LogFile
  /// The entry's position, 1-based.
  public let position: Int
  /// The 1-based file line.
  public let line: Int
  /// The line's bytes, without its line terminator.
  public let bytes: UnsafeBufferPointer<UInt8>
  /// What the reads of the lines before in the same chunk left (their `next`), when the
  /// line is read with them.
  var memo: LineMemo? = nil
  /// Whether the line is read as the full entry numbered by its position that the scan
  /// opening the log checked it to be (see `LogFile.openingScan`).
  var numberedByPosition = false

  /// The entry's number (see ``LogFile/numbering``): its position while the scan that
  /// opens the log reads it ahead of the index, which numbers it so.
  package var number: Int {
    numberedByPosition ? position : log.numbering.number(atPosition: position)
  }

  /// Whether a gap record comes just before the entry (never before one the scan that
  /// opens the log reads ahead of the index: a gap record ends that reading).
  var followsGap: Bool { !numberedByPosition && log.gap(beforeEntry: position) != nil }

  /// The entry, with the parts `projection` names built (all of it by default), as
  /// ``LogFile/entry(_:reading:)`` reads it.
  /// - Throws: ``LogError`` as ``LogFile/entry(_:)`` does.
  public func entry(reading projection: EntryProjection = .everything) throws(LogError)
    -> LogEntry
  {
    try log.entry(
      bytes: bytes, position: position, line: line, reading: projection, memo: memo,
      numberedByPosition: numberedByPosition)
  }

  /// The entry's `action`, all of it: for a reader that read the entry with less of it
  /// (``EntryProjection/action``) and needs the rest, such as a `--find` hit about to be
  /// printed.
  ///
  /// Read again from where ``entry(reading:)`` found it, so it costs what building the
  /// action costs; a line read without the lines around it is read whole again.
  /// - Throws: ``LogError`` as ``LogFile/entry(_:)`` does (only for a line read whole
  ///   again: the bytes of an action found before are valid).
  package func action() throws(LogError) -> JSONValue {
    if let found = memo?.action, found.position == position {
      var cursor = JSONCursor(bytes, at: found.start)
      if let action = try? cursor.value() { return action }
    }
    return try entry().action
  }

  /// The entry read at validation speed, its states as byte ranges of ``bytes`` (see
  /// ``EntryScanner``), with ``LogFile/entry(_:)``'s errors.
  /// - Throws: ``LogError`` `.malformedLine` with line and column, or `.invalidEntry`.
  public func rawEntry() throws(LogError) -> RawEntry {
    do throws(EntryScanError) {
      let previous = memo?.rawNext(before: position)
      var comparison = memo?.rawComparison(before: position)
      let entry = try EntryScanner.scan(
        line: bytes, previousNext: previous, comparing: &comparison)
      if let memo {
        memo.rawNext = (position, UnsafeBufferPointer(rebasing: bytes[entry.next]))
        if entry.priorRepeatsPreviousNext { memo.repeatedPriors += 1 }
        memo.keepRaw(comparison)
      }
      return entry
    } catch {
      switch error {
      case .malformed(let syntax):
        throw log.lineError(syntax, line: line, isBlank: bytes.isEmpty)
      case .invalidEntry(let message):
        throw LogError(kind: .invalidEntry, path: log.path, line: line, message: message)
      }
    }
  }
}
