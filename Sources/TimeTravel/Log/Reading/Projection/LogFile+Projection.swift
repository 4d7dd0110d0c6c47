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
  /// With a `memo` (a scan reading a chunk's lines in order), a `prior` with the bytes
  /// of the `next` before it is compared rather than validated, and reused rather than
  /// built when both are read alike (see ``LineMemo``). `numberedByPosition` reads the
  /// line as the full entry numbered by its position that the scan opening the log has
  /// checked it to be, without the log's layout, which that scan is still building.
  func entry(
    bytes: UnsafeBufferPointer<UInt8>, position: Int, line: Int,
    reading projection: EntryProjection,
    memo: LineMemo? = nil, numberedByPosition: Bool = false
  ) throws(LogError) -> LogEntry {
    // States rebuilt from other entries: read in order, through the entry cache.
    if !numberedByPosition, isCompact || isActionOnly { return try entry(position) }
    var value = JSONValue.null
    // In a scan, an entry object's members are read straight into the entry's fields,
    // without the line's object.
    var found: LogEntry.Members.Found?
    do throws(JSONParseError) {
      if projection.isEverything {
        value = try JSONParser.parse(bytes: bytes)
      } else {
        var cursor = try JSONCursor(bytes)
        if let memo {
          let lineProjection = memo.lineProjection(of: projection)
          if cursor.kind == .object {
            var members = LogEntry.Members.Found()
            try Self.read(&cursor, bytes, lineProjection, position: position, memo: memo) {
              members.record($0, $1)
            }
            found = members
          } else {
            value = try cursor.value(reading: lineProjection)
          }
        } else {
          value = try cursor.value(reading: projection.lineProjection)
        }
        try cursor.finish()
      }
    } catch {
      throw lineError(error, line: line, isBlank: bytes.isEmpty)
    }
    let members =
      if let found {
        try LogEntry.Members(found, path: path, line: line)
      } else {
        try LogEntry.Members(
          value, path: path, line: line, actionOnly: !numberedByPosition && isActionOnly)
      }
    if numberedByPosition, members.patch == nil, let (prior, next) = members.states {
      return members.entry(seq: position, prior: prior, next: next, line: line)
    }
    return try entry(from: members, line: line, position: position)
  }

  /// The members of the entry object at `cursor` that `projection` reads, each read as
  /// `value(reading:)` reads it and handed to `store` with its key, its `prior` taken
  /// from `memo` when it repeats the `next` before; `memo` then keeps this line's `next`.
  private static func read(
    _ cursor: inout JSONCursor, _ bytes: UnsafeBufferPointer<UInt8>, _ projection: JSONProjection,
    position: Int, memo: LineMemo, store: (JSONKey, JSONValue) -> Void
  ) throws(JSONParseError) {
    let previous = memo.projectedNext(before: position)
    var next: LineMemo.ProjectedNext?
    try cursor.members(reading: projection) { key, part, member throws(JSONParseError) in
      guard let part else {
        // Kept as `null`, unread.
        store(key, .null)
        return
      }
      store(key, try readMember(key, part, &member))
    }
    func readMember(_ key: JSONKey, _ part: JSONProjection, _ member: inout JSONCursor)
      throws(JSONParseError) -> JSONValue
    {
      // The key first: binding `previous` copies it (a retain and a release of each of
      // its references), and only `prior` needs it.
      if key == "prior", let previous {
        if part == previous.projection, member.skip(repeating: previous.bytes) {
          memo.repeatedPriors += 1
          return previous.value
        }
        // An object read for nothing is `{}` whatever its members.
        if part == .nothing, previous.bytes.first == UInt8(ascii: "{"),
          member.skip(repeating: previous.bytes)
        {
          memo.repeatedPriors += 1
          return .object(JSONObject())
        }
      }
      let start = member.offset
      guard key == "next" else {
        // Where a part read action is, for reading all of it again (`LogLine.action()`).
        if !part.isWhole, key == "action" { memo.action = (position, start) }
        return try member.value(reading: part)
      }
      let value: JSONValue
      var outline: JSONOutline?
      if !part.isWhole, member.kind == .object || member.kind == .array {
        // Its bytes checked against the `next` before, the outline recorded for the `next`
        // after; the parts read then read from the valid bytes.
        var recorded = JSONOutline()
        swap(&recorded, &memo.spareOutline)
        let reference = previous?.reference
        if reference != nil { memo.referencedNexts += 1 }
        value = try member.value(
          reading: part, comparingWith: reference, outline: &recorded, sharing: memo.values)
        outline = recorded
      } else {
        value = try member.value(reading: part)
      }
      next = LineMemo.ProjectedNext(
        position: position, bytes: UnsafeBufferPointer(rebasing: bytes[start..<member.offset]),
        projection: part, value: value, outline: outline)
      return value
    }
    memo.projectedNext = next
    if let outline = previous?.outline { memo.spareOutline = outline }
  }
}
