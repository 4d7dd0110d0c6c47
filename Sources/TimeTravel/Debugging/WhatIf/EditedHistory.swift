import TimeTravelJSON

/// A stretch of a log's entries with ``HistoryEdit``s applied in order, causality kept:
/// skipping an entry removes the actions its effects sent (and theirs), and no move may
/// put an action before the entry whose effect sent it (`origin.cause`).
struct EditedHistory {
  /// One entry of the edited stretch.
  struct Item {
    /// The recorded position, or a negative number for an inserted action.
    var owner: Int
    var action: JSONValue
    var change: EditedEntry.Change
    /// The edit that set the action, to blame when it does not decode.
    var edit: Int?
  }

  let log: LogFile
  /// The recorded entries of the stretch, from position `first`.
  let records: [EntryRecord]
  let first: Int
  private(set) var items: [Item]
  /// Positions removed with their cause, in the order removed.
  private(set) var dropped: [Int] = []
  private var inserted = 0

  /// The stretch `records` (consecutive positions), unedited.
  init(log: LogFile, records: [EntryRecord]) {
    self.log = log
    self.records = records
    self.first = records.first?.position ?? 1
    self.items = records.map { Item(owner: $0.position, action: $0.action, change: .none) }
  }

  func record(_ owner: Int) -> EntryRecord? {
    owner > 0 && owner - first < records.count ? records[owner - first] : nil
  }

  /// The position one past the stretch's last entry: an insertion before it appends.
  private var end: Int { first + records.count }

  /// The index in ``items`` of entry `seq` (at `position`), which edit `edit` names.
  private func index(of seq: Int, position: Int, edit: Int) throws(WhatIfError) -> Int {
    if let found = items.firstIndex(where: { $0.owner == position }) { return found }
    let why =
      dropped.contains(position) ? "it was dropped with its cause" : "an earlier edit removed it"
    throw WhatIfError(
      kind: .noSuchEntry, path: log.path, seq: seq, edit: edit,
      message: "entry \(seq) is no longer in the edited history (\(why))")
  }

  /// Applies `edit`, the `index`-th edit given, naming entries by the positions
  /// `positions` resolved for it (the named entry, and for a move the one after which).
  mutating func apply(_ edit: HistoryEdit, index: Int, positions: (Int, Int?)) throws(WhatIfError) {
    switch edit {
    case .skip(let seq):
      let at = try self.index(of: seq, position: positions.0, edit: index)
      remove(at: at)
    case .edit(let seq, let action):
      let at = try self.index(of: seq, position: positions.0, edit: index)
      items[at].action = action
      items[at].change = .edited
      items[at].edit = index
    case .insert(let before, let action):
      inserted += 1
      let item = Item(owner: -inserted, action: action, change: .inserted, edit: index)
      if positions.0 == end {
        items.append(item)
      } else {
        items.insert(item, at: try self.index(of: before, position: positions.0, edit: index))
      }
    case .move(let seq, let after):
      try move(seq, after: after, positions: (positions.0, positions.1 ?? 0), edit: index)
    }
  }

  /// Removes the item at `at` and every item whose cause chain leads to it.
  private mutating func remove(at: Int) {
    var removed: Set<Int> = [items[at].owner]
    items.remove(at: at)
    var kept: [Item] = []
    for (i, item) in items.enumerated() {
      if i >= at, let cause = record(item.owner)?.cause, removed.contains(cause) {
        removed.insert(item.owner)
        dropped.append(item.owner)
      } else {
        kept.append(item)
      }
    }
    items = kept
  }

  private mutating func move(_ seq: Int, after: Int, positions: (Int, Int), edit: Int)
    throws(WhatIfError)
  {
    guard positions.0 != positions.1 else {
      throw WhatIfError(
        kind: .invalidEdit, path: log.path, seq: seq, edit: edit,
        message: "--move \(seq):\(after) moves entry \(seq) after itself")
    }
    let from = try index(of: seq, position: positions.0, edit: edit)
    var item = items.remove(at: from)
    let target = try index(of: after, position: positions.1, edit: edit) + 1
    item.change = .moved
    items.insert(item, at: target)
    // Only the moved item's order against others changed: check its cause and the
    // actions its effects sent.
    let order = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.owner, $0) })
    if let cause = record(positions.0)?.cause, let at = order[cause], at > target {
      throw beforeCause(seq, cause: cause, move: (seq, after), edit: edit)
    }
    for dependent in items[..<target] where record(dependent.owner)?.cause == positions.0 {
      throw beforeCause(
        log.numbering.number(atPosition: dependent.owner), cause: positions.0, move: (seq, after),
        edit: edit)
    }
  }

  private func beforeCause(_ seq: Int, cause: Int, move: (Int, Int), edit: Int) -> WhatIfError {
    let causeSeq = log.numbering.number(atPosition: cause)
    return WhatIfError(
      kind: .moveBeforeCause, path: log.path, seq: seq, edit: edit,
      message:
        "--move \(move.0):\(move.1) puts entry \(seq) before entry \(causeSeq), whose effect sent it"
    )
  }
}
