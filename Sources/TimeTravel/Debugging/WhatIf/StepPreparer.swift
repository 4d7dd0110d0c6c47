import TimeTravelJSON

/// Turns entries of an edited history into `ReplayStep`s: each action decoded once as
/// the reducer's `Action`, each recorded move given its chain of target owners from the
/// recorded timeline (read from the log as far as the moves need, and no further).
struct StepPreparer {
  let log: LogFile
  let recomputer: StateRecomputer
  /// Records already read, by position.
  private var known: [Int: EntryRecord]
  private var timeline = RecordedTimeline()
  private var chains: [Int: [Int]] = [:]
  /// Actions decoded so far, by their compact JSON text: sessions repeat actions (the
  /// same toggle, the same response), and decoding through `JSONDecoder` costs far more
  /// than printing.
  private var decoded: [String: StateRecomputer.PreparedAction] = [:]

  init(log: LogFile, recomputer: StateRecomputer, records: [EntryRecord]) {
    self.log = log
    self.recomputer = recomputer
    self.known = Dictionary(uniqueKeysWithValues: records.map { ($0.position, $0) })
  }

  /// Advances the recorded timeline through entry `position`.
  mutating func advance(through position: Int) throws(WhatIfError) {
    while timeline.through < position {
      let next = timeline.through + 1
      let record: EntryRecord
      if let found = known[next] {
        record = found
      } else {
        do { record = try log.entryRecord(next) } catch { throw WhatIfError(error) }
      }
      if let chain = try timeline.advance(record, path: log.path) { chains[next] = chain }
    }
  }

  /// The recorded history as it stands after the timeline's last entry, its states read
  /// from the log when a move returns to them.
  var recordedHistory: ForkHistory {
    ForkHistory(recordedOwners: timeline.history.states, cursor: timeline.history.currentIndex)
  }

  /// The step for `entry` (recorded at `owner` > 0, or inserted at `owner` < 0) with
  /// `action`, which an edit set when `edit` is given.
  /// - Throws: ``WhatIfError`` `.undecodableAction` naming the entry or the edit and the
  ///   JSON Pointer; `.impossibleMove` for a recorded move that does not fit.
  mutating func step(
    owner: Int, entry: EditedEntry, record: EntryRecord?, edit: Int?
  ) throws(WhatIfError) -> ReplayStep {
    if edit == nil, let record {
      switch record.kind {
      case .move:
        try advance(through: record.position)
        return ReplayStep(owner: owner, entry: entry, kind: .move(chains[record.position] ?? [0]))
      case .unchanged: return ReplayStep(owner: owner, entry: entry, kind: .unchanged)
      case .action: break
      }
    }
    let text = JSONPrinter.compact.print(entry.action)
    if let action = decoded[text] {
      return ReplayStep(owner: owner, entry: entry, kind: .action(action))
    }
    do {
      let action = try recomputer.prepare(entry.action)
      decoded[text] = action
      return ReplayStep(owner: owner, entry: entry, kind: .action(action))
    } catch {
      let what =
        edit.map { "edit \($0 + 1) (\(entry.change == .inserted ? "--insert" : "--edit"))" }
        ?? entry.name
      throw WhatIfError(
        kind: .undecodableAction, path: log.path, seq: entry.seq,
        line: edit == nil ? entry.line : nil, edit: edit, pointer: error.pointer,
        message: "\(what): \(error.message)")
    }
  }
}

extension LogFile {
  /// Makes sure the log gives states to compare with and to start from: an action-only
  /// log is recomputed through `recomputer` (see ``recompute(with:keyframeInterval:)``).
  /// - Throws: ``WhatIfError`` `.noInitialState` when neither the log nor the reducer
  ///   has an initial state.
  func prepareStates(with recomputer: StateRecomputer) throws(WhatIfError) {
    guard isActionOnly, !hasStates else { return }
    do { try recompute(with: recomputer) } catch {
      throw WhatIfError(kind: .noInitialState, path: path, message: error.message)
    }
  }

  /// The entry at `record`'s position as an ``EditedEntry``, unchanged.
  func editedEntry(
    _ record: EntryRecord, action: JSONValue? = nil, change: EditedEntry.Change = .none
  )
    -> EditedEntry
  {
    EditedEntry(
      seq: record.seq, action: action ?? record.action, change: change,
      cause: record.cause.map { numbering.number(atPosition: $0) }, line: record.line,
      otherMembers: record.otherMembers)
  }
}
