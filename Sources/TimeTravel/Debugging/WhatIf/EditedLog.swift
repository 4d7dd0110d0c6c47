import TimeTravelJSON

/// An edited history written as a log of its own, with every state: what the stepper
/// steps when it forks a session, what `--emit-test` turns into a test, what the HTML
/// report shows beside the recording.
///
/// The log starts with a header naming the log it was edited from
/// (`"editedFrom":PATH`), then has one full entry per entry of the edited history from
/// the initial state, unchanged entries as recorded and the others with the states the
/// replay gave. Entries keep their recorded `seq` when those still increase and nothing
/// was inserted (a minimised history, a skip); otherwise they are numbered 1…n, each
/// `origin.cause` renumbered with them. Each entry that is not as recorded, or is
/// renumbered, has an `edited` member: `{"seq":117,"change":"moved"}` (its recorded
/// `seq`, and `edited`, `inserted` or `moved` when it changed). A recorded undo, redo or
/// jump is written with the indices of the edited history (as ``WhatIfStep/move``), so
/// the log replays through ``Replayer``; one that changed nothing there is left out, as
/// a store records no move to where it already is.
public struct EditedLog: Sendable {
  /// The log, in memory.
  public let log: LogFile
  /// The bytes of the log, JSON Lines.
  public let text: [UInt8]
  /// The edited history's entries, in order (entry k of ``log`` is `entries[k − 1]`).
  public let entries: [EditedEntry]
  /// What the replay of the edits found (first divergence, final diff); `nil` for the
  /// kept entries of a minimisation, which are replayed alone.
  public let whatIf: WhatIfResult?

  /// Writes `entries` with `states` (state 0, then the state after each entry); an entry
  /// with a move is a recorded move, written as it went (and left out when it went
  /// nowhere).
  init(
    from source: LogFile, entries given: [EditedEntry], moves: [TimeTravelMove?],
    states givenStates: [JSONValue], whatIf: WhatIfResult? = nil
  )
    throws(WhatIfError)
  {
    precondition(given.count == moves.count, "one move or nil per entry")
    precondition(givenStates.count == given.count + 1, "one state per entry, and state 0")
    var entries: [EditedEntry] = []
    var states = [givenStates[0]]
    for (i, entry) in given.enumerated() {
      var entry = entry
      if let move = moves[i] {
        guard move.from != move.to else { continue }
        entry.action = [
          move.kind.rawValue: [
            "from": .number(JSONNumber(move.from)), "to": .number(JSONNumber(move.to)),
          ]
        ]
      }
      entries.append(entry)
      states.append(givenStates[i + 1])
    }
    let seqs = entries.compactMap(\.seq)
    let keepsSeqs =
      seqs.count == entries.count && zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 }
    var position: [Int: Int] = [:]
    for (i, entry) in entries.enumerated() { if let seq = entry.seq { position[seq] = i + 1 } }
    var lines = [JSONPrinter.compact.print(Self.header(of: source))]
    for (i, entry) in entries.enumerated() {
      var object = JSONObject()
      let number = keepsSeqs ? entry.seq! : i + 1
      object["seq"] = .number(JSONNumber(number))
      if let time = entry.otherMembers["time"] { object["time"] = time }
      object["action"] = entry.action
      for (key, value) in entry.otherMembers where !["edited", "skipped"].contains(key) {
        object[key] = value
      }
      if !keepsSeqs, case .object(var origin)? = object["origin"],
        let cause = origin["cause"]?.numberValue?.intValue, let at = position[cause]
      {
        origin["cause"] = .number(JSONNumber(at))
        object["origin"] = .object(origin)
      }
      if let edited = Self.editedMember(entry, renumbered: !keepsSeqs) { object["edited"] = edited }
      object["prior"] = states[i]
      object["next"] = states[i + 1]
      lines.append(JSONPrinter.compact.print(.object(object)))
    }
    self.text = Array((lines.joined(separator: "\n") + "\n").utf8)
    self.entries = entries
    self.whatIf = whatIf
    do { self.log = try LogFile(contents: text, name: "\(source.path) (edited)") } catch {
      throw WhatIfError(error)
    }
  }

  private static func header(of source: LogFile) -> JSONValue {
    var header: JSONObject = ["format": "replay-log", "version": 1]
    if let app = source.header?.app { header["app"] = .string(app) }
    if let type = source.header?.stateType { header["stateType"] = .string(type) }
    if let type = source.header?.actionType { header["actionType"] = .string(type) }
    if let nils = source.header?.nils { header["nils"] = .string(nils) }
    header["editedFrom"] = .string(source.path)
    return .object(header)
  }

  private static func editedMember(_ entry: EditedEntry, renumbered: Bool) -> JSONValue? {
    var member = JSONObject()
    if let seq = entry.seq, renumbered || entry.change != .none {
      member["seq"] = .number(JSONNumber(seq))
    }
    switch entry.change {
    case .none: break
    case .edited: member["change"] = "edited"
    case .inserted: member["change"] = "inserted"
    case .moved: member["change"] = "moved"
    }
    return member.isEmpty ? nil : .object(member)
  }
}

extension WhatIf {
  /// The edited history `edits` make, as a log with every state (see ``EditedLog``).
  ///
  /// - Throws: As ``run(_:predicate:observe:)``; `.unreadableLog` when a recorded entry
  ///   before the edits cannot be read.
  /// - Complexity: One read of each recorded entry before the edits, and the replay.
  public func editedLog(_ edits: [HistoryEdit]) throws(WhatIfError) -> EditedLog {
    var entries: [EditedEntry] = []
    var moves: [TimeTravelMove?] = []
    var states: [JSONValue] = []
    let result = try run(
      edits,
      observe: { step in
        entries.append(step.entry)
        moves.append(step.move)
        states.append(step.state)
      })
    var prefix: [EditedEntry] = []
    var prefixStates = [try recordedInput(0, withEntry: false).state]
    if result.startState > 0 {
      for k in 1...result.startState {
        let input = try recordedInput(k)
        prefix.append(input.entry!)
        prefixStates.append(input.state)
      }
    }
    return try EditedLog(
      from: log, entries: prefix + entries,
      moves: Array(repeating: nil, count: prefix.count) + moves, states: prefixStates + states,
      whatIf: result)
  }

  /// The recorded entries `seqs` (in their recorded order) replayed alone from the
  /// initial state, as a log with every state: a ``MinimizeResult``'s kept entries, say.
  ///
  /// - Throws: ``WhatIfError`` `.noSuchEntry` for a number no entry has;
  ///   `.moveBeforeCause` when an entry's cause is not among them; as
  ///   ``run(_:predicate:observe:)`` otherwise.
  /// - Complexity: One read of each kept entry, and one replay of them.
  public func editedLog(keeping seqs: [Int]) throws(WhatIfError) -> EditedLog {
    try log.prepareStates(with: recomputer)
    var positions: [Int] = []
    for seq in seqs {
      do { positions.append(try log.position(ofEntry: seq)) } catch {
        throw WhatIfError(kind: .noSuchEntry, path: log.path, seq: seq, message: error.message)
      }
    }
    positions.sort()
    let records = try positions.map { (p) throws(WhatIfError) in try log.entryRecords(p...p)[0] }
    let kept = Set(positions)
    for record in records {
      if let cause = record.cause, !kept.contains(cause) {
        throw WhatIfError(
          kind: .moveBeforeCause, path: log.path, seq: record.seq, line: record.line,
          message:
            "entry \(record.seq) was sent by entry \(log.numbering.number(atPosition: cause))'s effect, which is not kept"
        )
      }
    }
    var preparer = StepPreparer(log: log, recomputer: recomputer, records: records)
    var steps: [ReplayStep] = []
    for record in records {
      steps.append(
        try preparer.step(
          owner: record.position, entry: log.editedEntry(record), record: record, edit: nil))
    }
    let history =
      steps.contains(where: \.isMove) ? ForkHistory(recordedOwners: [0], cursor: 0) : nil
    var fork = try ForkReplay(log: log, recomputer: recomputer, state: 0, history: history)
    var states = [try recordedInput(0, withEntry: false).state]
    var moves: [TimeTravelMove?] = []
    for step in steps {
      try fork.apply(step)
      states.append(try fork.state())
      moves.append(
        fork.lastMove.flatMap { moved in
          TimeTravelMove(action: step.entry.action)?.landing(from: moved.from, to: moved.to)
        })
    }
    return try EditedLog(from: log, entries: steps.map(\.entry), moves: moves, states: states)
  }
}
