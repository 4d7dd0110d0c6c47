import TimeTravelJSON

/// The history a predicate judges, up to the state it judges: what `replay`'s `entry(K)`
/// reads in `--what-if`, `--minimize` and `--races`.
///
/// Entry K is the entry of that history whose recorded `seq` is K, as `--find` sees
/// entries (`{seq, time, action, prior, next}` and its other members: `origin`, `site`,
/// …), with the states of the history judged: an edited, moved or reordered entry has
/// the states its replay gave. It is `nil` for an entry that is not in the history (the
/// edits skipped it, the minimisation left it out), for an inserted action (it has no
/// `seq`), and for one after the state judged: an edited history is judged while it is
/// replayed, so what comes later is not known yet.
public struct JudgedHistory: @unchecked Sendable {
  // Sendable by use: a history is made and read on the thread that replays it.
  private let find: (Int) throws(WhatIfError) -> JSONValue?

  init(find: @escaping (Int) throws(WhatIfError) -> JSONValue?) { self.find = find }

  /// Entry `seq` of the history, as JSON; `nil` when the history has none by that number
  /// up to the state judged.
  /// - Throws: ``WhatIfError`` `.unreadableLog` when a recorded entry cannot be read;
  ///   a minimisation's candidate may be replayed again to give the states.
  /// - Complexity: A dictionary lookup and one read of a recorded entry's line; in
  ///   `--minimize`, a replay of the candidate up to the entry.
  public func entry(_ seq: Int) throws(WhatIfError) -> JSONValue? { try find(seq) }

  /// The recorded history of `log` up to (and with) the entry at position `last`.
  static func recorded(_ log: LogFile, through last: Int) -> JudgedHistory {
    JudgedHistory { (seq) throws(WhatIfError) in
      guard let position = log.numbering.position(ofNumber: seq), position <= last else {
        return nil
      }
      do throws(LogError) { return try log.entry(position).jsonValue } catch {
        throw WhatIfError(error)
      }
    }
  }

  /// `entry` with the states `prior` and `next`, as `entry(K)` gives it.
  static func json(_ entry: EditedEntry, prior: JSONValue, next: JSONValue) -> JSONValue {
    var object = JSONObject()
    if let seq = entry.seq { object["seq"] = .number(JSONNumber(seq)) }
    if let time = entry.otherMembers["time"] { object["time"] = time }
    object["action"] = entry.action
    object["prior"] = prior
    object["next"] = next
    for (key, value) in entry.otherMembers where object[key] == nil { object[key] = value }
    return .object(object)
  }
}

/// The entries a pass over an edited history has replayed so far, after the recorded
/// entries it starts from: the ``JudgedHistory`` of each state the pass judges.
///
/// It keeps no states: an entry asked for is replayed again from where the pass started,
/// once (its states do not change as the pass goes on), so a predicate that never calls
/// `entry(K)` costs nothing, and one that does costs one replay up to each entry it names.
final class ReplayedEntries {
  let log: LogFile
  /// Positions `1...recordedThrough` of the log are the history's first entries, as
  /// recorded.
  let recordedThrough: Int
  /// The replay as it stood before the first step, and its state.
  private let origin: ForkReplay
  private let start: JSONValue
  private let steps: [ReplayStep]
  /// How many steps the pass has replayed.
  private var count = 0
  private var indexBySeq: [Int: Int]?
  private var found: [Int: JSONValue] = [:]

  init(origin: ForkReplay, start: JSONValue, steps: [ReplayStep], recordedThrough: Int) {
    self.log = origin.log
    self.origin = origin
    self.start = start
    self.steps = steps
    self.recordedThrough = recordedThrough
  }

  /// The pass replayed its next step.
  func advance() { count += 1 }

  /// The history up to the last step replayed.
  var history: JudgedHistory {
    let count = count
    let recorded = JudgedHistory.recorded(log, through: recordedThrough)
    return JudgedHistory { [self] (seq) throws(WhatIfError) in
      if indexBySeq == nil {
        var index: [Int: Int] = [:]
        for (i, step) in steps.enumerated() { if let seq = step.entry.seq { index[seq] = i } }
        indexBySeq = index
      }
      guard let i = indexBySeq![seq] else { return try recorded.entry(seq) }
      guard i < count else { return nil }
      return try entry(at: i)
    }
  }

  /// Step `i` with the states the replay gives it, replayed again from the origin.
  private func entry(at i: Int) throws(WhatIfError) -> JSONValue {
    if let known = found[i] { return known }
    var fork = ForkReplay(
      log: log, recomputer: origin.recomputer, run: origin.run, history: origin.history)
    for j in 0..<i { try fork.apply(steps[j]) }
    let prior = i == 0 ? start : try fork.state()
    try fork.apply(steps[i])
    let json = JudgedHistory.json(steps[i].entry, prior: prior, next: try fork.state())
    found[i] = json
    return json
  }
}
