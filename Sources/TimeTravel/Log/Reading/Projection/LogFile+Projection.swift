import TimeTravelJSON

extension LogFile {
  /// The entry at `position` (1-based) with only the parts `projection` names built (see
  /// ``EntryProjection``): the same entry as ``entry(_:)`` on those parts, and the same
  /// errors for every line, since the whole line is still validated.
  ///
  /// A compact log (``isCompact``) and an action-only log (``isActionOnly``) are read
  /// whole: their states are rebuilt from other entries.
  /// - Throws: ``LogError`` as ``entry(_:)`` does.
  /// - Complexity: O(length of the line), one validating pass that builds only the
  ///   parts named.
  public func entry(_ position: Int, reading projection: EntryProjection) throws(LogError)
    -> LogEntry
  {
    guard !projection.isEverything, !isCompact, !isActionOnly,
      (1...max(1, entryCount)).contains(position), entryCount > 0
    else { return try entry(position) }
    let bytes = try rawLine(ofEntry: position)
    let result: Result<LogEntry, LogError> = bytes.withUnsafeBytes { raw in
      Result { () throws(LogError) in
        try entry(
          bytes: raw.bindMemory(to: UInt8.self), position: position,
          line: lineNumber(ofEntry: position), reading: projection)
      }
    }
    return try result.get()
  }

  /// The entry at `position` from its line's `bytes` (file line `line`), read with
  /// `projection`.
  /// - Throws: ``LogError`` as ``entry(_:)`` does.
  func entry(
    bytes: UnsafeBufferPointer<UInt8>, position: Int, line: Int, reading projection: EntryProjection
  ) throws(LogError) -> LogEntry {
    // States rebuilt from other entries: read in order, through the entry cache.
    if isCompact || isActionOnly { return try entry(position) }
    let value: JSONValue
    do throws(JSONParseError) {
      if projection.isEverything {
        value = try JSONParser.parse(bytes: bytes)
      } else {
        var cursor = try JSONCursor(bytes)
        value = try cursor.value(reading: projection.lineProjection)
        try cursor.finish()
      }
    } catch {
      throw lineError(error, line: line, isBlank: bytes.isEmpty)
    }
    return try entry(from: value, line: line, position: position)
  }
}
