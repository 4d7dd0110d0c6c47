import TimeTravelJSON

/// What an edited history needs of one recorded entry: its number, line, action and
/// cause, read without its states (an action-only log's are not recomputed for it).
struct EntryRecord: Sendable {
  /// What the entry does when replayed.
  enum Kind: Sendable {
    /// An app action, for the reducer.
    case action
    /// A recorded undo, redo or jump.
    case move(TimeTravelMove)
    /// No change of state: a view model's task ending, or an entry Redux DevTools
    /// marked skipped.
    case unchanged
  }

  /// 1-based position in the log.
  var position: Int
  var seq: Int
  var line: Int
  var action: JSONValue
  var kind: Kind
  /// The position of the entry whose effect sent this action (`origin.cause`), when it
  /// is in the log.
  var cause: Int?
  /// `time`, `origin`, `site` and whatever else the writer added.
  var otherMembers: JSONObject

  var isMove: Bool {
    if case .move = kind { return true }
    return false
  }
}

extension LogFile {
  /// Entry `position`'s action and members, parsed without building its states.
  /// - Throws: ``LogError`` as ``entry(_:)`` does for a line that cannot be read or is
  ///   not an entry.
  /// - Complexity: One parse of the line (large containers are built lazily).
  func entryRecord(_ position: Int) throws(LogError) -> EntryRecord {
    let line = lineNumber(ofEntry: position)
    let members = try LogEntry.Members(
      try parseLine(line), path: path, line: line, actionOnly: true)
    let kind: EntryRecord.Kind
    if let move = TimeTravelMove(action: members.action) {
      kind = .move(move)
    } else if TaskEnding.isEnding(members.action) || members.otherMembers["skipped"] == .bool(true)
    {
      kind = .unchanged
    } else {
      kind = .action
    }
    var cause: Int?
    if let number = members.otherMembers["origin"]?["cause"]?.numberValue?.intValue,
      let found = numbering.position(ofNumber: number), found < position
    {
      cause = found
    }
    var others = members.otherMembers
    // The time goes with the entry wherever an edited history puts it.
    if let time = members.time { others["time"] = .string(time) }
    return EntryRecord(
      position: position, seq: numbering.number(atPosition: position), line: line,
      action: members.action, kind: kind, cause: cause, otherMembers: others)
  }

  /// Records of entries `positions`, in order.
  /// - Throws: The first ``WhatIfError`` `.unreadableLog` met.
  func entryRecords(_ positions: ClosedRange<Int>) throws(WhatIfError) -> [EntryRecord] {
    var records: [EntryRecord] = []
    records.reserveCapacity(positions.count)
    for position in positions {
      do { records.append(try entryRecord(position)) } catch { throw WhatIfError(error) }
    }
    return records
  }
}
