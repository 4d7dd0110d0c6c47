import TimeTravel

/// `--html FILE --what-if EDIT…` and `--html FILE --minimize`: the report of an edited
/// history beside the recording it was edited from. The report's rows are the edited
/// history (``EditedLog``, every state replayed through the reducer), so every view of
/// the page works on it; the index's `edited` record says, for each row, which recorded
/// entry it is, how it changed, and the diff of the recorded state after that entry to
/// the state the edited history has there.
enum EditedHistoryReport {
  /// What the report shows beside the recording.
  enum Request: Equatable {
    /// `--what-if EDIT…`.
    case whatIf([HistoryEdit])
    /// `--minimize` (with `--predicate`), at most this many replays.
    case minimize(maxReplays: Int)
  }

  /// The index's `edited` member.
  struct Record: Encodable {
    /// `what-if` or `minimize`.
    var kind: String
    /// The edits as `--what-if` takes them (`--skip 117`); empty for a minimisation.
    var edits: [String]
    var reducer: String
    /// The recording the history was edited from.
    var recorded: RecordedLog
    /// The recorded seq of the edited history's first recorded entry whose state differs
    /// from the recording's (`--what-if`); `null` for a minimisation or none.
    var firstDivergence: OrNull<Int>
    /// A minimisation's figures: entries kept, of how many, and replays.
    var kept: Int?
    var from: Int?
    var replays: Int?
    /// Column by column, one value per entry row of the report (row 1 first).
    var rows: Rows
    /// The recorded entries the edited history does not have (`--what-if`; a
    /// minimisation lists how many it kept instead), each with the report row it would
    /// follow (0: before the first entry).
    var removed: [Removed]

    struct RecordedLog: Encodable {
      var path: String
      var entries: Int
    }

    struct Rows: Encodable {
      /// The recorded entry's seq; `null` for an inserted action.
      var recordedSeq: [Int?] = []
      /// `edited`, `inserted`, `moved`, or `null` for an entry as recorded.
      var change: [String?] = []
      /// The changes from the recorded state after the same entry to this row's state, as
      /// `--what-if --format json` lists them; `null` for an inserted action.
      var against: [[ChangeRecord]?] = []
    }

    struct Removed: Encodable {
      var seq: Int
      var name: String
      var row: Int
    }
  }

  /// The edited history `request` asks for, of `context`'s log.
  /// - Throws: ``CommandError`` for an unknown reducer (exit 2), or the replay's
  ///   ``WhatIfError`` with its exit code (as `--what-if` and `--minimize` exit).
  static func history(_ request: Request, predicate: String?, context: Context) throws -> (
    EditedLog, MinimizeResult?
  ) {
    let reducer = context.options.reducer ?? ""
    let recomputer = try EditedReplay.recomputer(reducer, context)
    let log = context.log
    switch request {
    case .whatIf(let edits):
      let edited = try EditedReplay.run { () throws(WhatIfError) in
        try WhatIf(log: log, recomputer: recomputer).editedLog(edits)
      }
      return (edited, nil)
    case .minimize(let maxReplays):
      let judge = try EditedReplay.predicate(predicate ?? "", context)
      let stop = StopRequest()
      var progress = MinimizeProgress(io: context.io, total: log.entryCount)
      let minimizer = HistoryMinimizer(log: log, recomputer: recomputer, maxReplays: maxReplays)
      let result = try stop.during {
        try EditedReplay.run { () throws(WhatIfError) in
          try minimizer.run(
            shouldStop: { stop.isRequested }, progress: { progress.update($0) }, predicate: judge)
        }
      }
      progress.finish()
      let edited = try EditedReplay.run { () throws(WhatIfError) in
        try WhatIf(log: log, recomputer: recomputer).editedLog(
          keeping: result.kept.compactMap(\.seq))
      }
      return (edited, result)
    }
  }

  /// The record of `edited`, edited from `recorded`, for the report rows at `positions`
  /// of the edited log.
  /// - Throws: `LogError` when a recorded state cannot be read.
  /// - Complexity: One read of the recorded state and one diff per row.
  static func record(
    _ request: Request, edited: EditedLog, minimized: MinimizeResult?, recorded: LogFile,
    positions: ClosedRange<Int>, reducer: String, diffOptions: DiffOptions
  ) throws -> Record {
    var rows = Record.Rows()
    for position in positions {
      let entry = edited.entries[position - 1]
      rows.recordedSeq.append(entry.seq)
      rows.change.append(name(entry.change))
      guard let seq = entry.seq, let at = recorded.numbering.position(ofNumber: seq) else {
        rows.against.append(nil)
        continue
      }
      let changes = JSONDiff.changes(
        from: try recorded.state(at), to: try edited.log.state(position), options: diffOptions)
      rows.against.append(ChangeRecord.list(changes))
    }
    var removed: [Record.Removed] = []
    if case .whatIf = request {
      removed = try self.removed(from: recorded, edited: edited, positions: positions)
    }
    var edits: [String] = []
    if case .whatIf(let list) = request { edits = list.map(\.description) }
    return Record(
      kind: minimized == nil ? "what-if" : "minimize", edits: edits, reducer: reducer,
      recorded: Record.RecordedLog(path: recorded.path, entries: recorded.entryCount),
      firstDivergence: OrNull(edited.whatIf?.firstDivergence), kept: minimized?.kept.count,
      from: minimized?.from, replays: minimized?.replays, rows: rows, removed: removed)
  }

  private static func name(_ change: EditedEntry.Change) -> String? {
    switch change {
    case .none: nil
    case .edited: "edited"
    case .inserted: "inserted"
    case .moved: "moved"
    }
  }

  /// The recorded entries `edited` lacks, each after the row of the last recorded entry
  /// before it that it has; those outside the report's rows are left out.
  private static func removed(
    from recorded: LogFile, edited: EditedLog, positions: ClosedRange<Int>
  ) throws -> [Record.Removed] {
    var rowOfSeq: [Int: Int] = [:]
    for (i, entry) in edited.entries.enumerated() {
      if let seq = entry.seq { rowOfSeq[seq] = i + 1 }
    }
    var removed: [Record.Removed] = []
    var lastRow = 0
    for position in 1...max(1, recorded.entryCount) where recorded.entryCount > 0 {
      let seq = recorded.numbering.number(atPosition: position)
      if let row = rowOfSeq[seq] {
        lastRow = row
        continue
      }
      // Rows are the report's: the window's first entry is row 1.
      let row = lastRow - positions.lowerBound + 1
      guard row >= 0, row <= positions.count else { continue }
      removed.append(
        Record.Removed(
          seq: seq, name: try recorded.entry(position).actionName, row: row))
    }
    return removed
  }
}
