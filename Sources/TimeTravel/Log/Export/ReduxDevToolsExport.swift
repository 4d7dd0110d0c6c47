import TimeTravelJSON

/// A log as a Redux DevTools lifted state, the file the Redux DevTools extension's and
/// `@redux-devtools/app`'s Import open (`@redux-devtools/instrument`'s `IMPORT_STATE`):
/// `monitorState`, `nextActionId`, `actionsById`, `stagedActionIds`,
/// `skippedActionIds`, `committedState`, `currentStateIndex`, `computedStates`,
/// `isLocked` and `isPaused`.
///
/// Action 0 is `@@INIT`, whose state is the log's initial state; entry k follows as the
/// action numbered by its `seq` (by its position when the first `seq` is below 1, since
/// 0 is `@@INIT`'s), timed by its `time` in milliseconds, with its `next` as its computed
/// state (and its `error` member as the state's `error`). Entries marked
/// `"skipped":true` are listed in `skippedActionIds`. The cursor is on the last state.
///
/// Redux DevTools names actions by their `type`. An action without a string `type` (a
/// Swift enum case, `{"addTodo":{…}}`) is shown as `{"type":"addTodo","addTodo":{…}}`,
/// its display name first, and kept exactly as `originalAction` beside it, which
/// `replay` reads back; so reading the export gives the log's actions, states and times
/// again (times to the millisecond).
public enum ReduxDevToolsExport {
  /// Builds the lifted state of `log`.
  /// - Parameter log: A log with states (an action-only one recomputed first).
  /// - Returns: The lifted state, and warnings: Redux DevTools keeps one state per
  ///   action, so an entry whose `prior` is not the state before it (after a gap or a
  ///   broken chain) is shown from the previous state.
  /// - Throws: ``LogError`` as ``LogFile/entry(_:)`` does.
  /// - Complexity: O(log size); the result is held in memory.
  public static func liftedState(of log: LogFile) throws(LogError) -> (
    value: JSONValue, warnings: [LogWarning]
  ) {
    var actions = JSONObject()
    var staged: [JSONValue] = [0]
    var skipped: [JSONValue] = []
    var states: [JSONValue] = []
    var warnings: [LogWarning] = []
    let initial = log.entryCount > 0 ? try log.state(0) : .null
    states.append(.object(["state": initial]))
    let bySeq = log.entryCount == 0 || log.numbering.number(atPosition: 1) >= 1
    var previous = initial
    var firstTimestamp: JSONValue?
    var lastID = 0
    try log.forEachEntry { (entry) throws(LogError) in
      let id = bySeq ? entry.seq : lastID + 1
      lastID = id
      var lifted: JSONObject = ["type": "PERFORM_ACTION", "action": shown(entry.action)]
      if let ms = milliseconds(entry.time) {
        lifted["timestamp"] = .number(JSONNumber(ms))
        if firstTimestamp == nil { firstTimestamp = .number(JSONNumber(ms)) }
      }
      if shown(entry.action) != entry.action { lifted["originalAction"] = entry.action }
      actions[String(id)] = .object(lifted)
      staged.append(.number(JSONNumber(id)))
      if entry.otherMembers["skipped"] == .bool(true) { skipped.append(.number(JSONNumber(id))) }
      var computed: JSONObject = ["state": entry.next]
      if let error = entry.otherMembers["error"] { computed["error"] = error }
      states.append(.object(computed))
      if entry.prior != previous, warnings.isEmpty {
        warnings.append(
          LogWarning(
            line: entry.line,
            message:
              "entry \(entry.seq)'s prior is not the state before it, and Redux DevTools keeps one state per action, so it shows entry \(entry.seq) as changing the state before it"
          ))
      }
      previous = entry.next
    }
    var initAction: JSONObject = ["type": "PERFORM_ACTION", "action": ["type": "@@INIT"]]
    if let firstTimestamp { initAction["timestamp"] = firstTimestamp }
    var all = JSONObject()
    all["0"] = .object(initAction)
    for (key, value) in actions { all[key] = value }
    let object: JSONObject = [
      "monitorState": [:],
      "nextActionId": .number(JSONNumber(lastID + 1)),
      "actionsById": .object(all),
      "stagedActionIds": .array(JSONArray(staged)),
      "skippedActionIds": .array(JSONArray(skipped)),
      "committedState": initial,
      "currentStateIndex": .number(JSONNumber(staged.count - 1)),
      "computedStates": .array(JSONArray(states)),
      "isLocked": false,
      "isPaused": false,
    ]
    return (.object(object), warnings)
  }

  /// The action as Redux DevTools shows it: with a string `type`.
  static func shown(_ action: JSONValue) -> JSONValue {
    if case .object(let object) = action, case .string? = object["type"] { return action }
    var display: JSONObject = ["type": .string(ActionName.of(action))]
    if case .object(let object) = action {
      for (key, value) in object where key != "type" { display[key] = value }
    } else {
      display["value"] = action
    }
    return .object(display)
  }

  /// An RFC 3339 time as milliseconds since 1970 (Redux DevTools' `timestamp`).
  static func milliseconds(_ time: String?) -> Int? {
    guard let time, let instant = RFC3339Instant(time) else { return nil }
    let (ms, overflow) = instant.seconds.multipliedReportingOverflow(by: 1000)
    guard !overflow else { return nil }
    return Int(ms + instant.nanoseconds / 1_000_000)
  }
}
