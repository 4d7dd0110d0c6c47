import TimeTravelJSON

/// Reads a Redux DevTools lifted state, as `@redux-devtools/instrument` keeps it and the
/// extension exports it.
///
/// `computedStates[i]` is the state after `stagedActionIds[i]`; the first staged action
/// is `@@INIT`, whose state is the initial state (after `maxAge` folded the oldest
/// actions into `committedState`). Every other staged action is an entry numbered by
/// its action id, timed by its `timestamp`; a skipped one (`skippedActionIds`) is marked
/// `"skipped":true`, and Redux DevTools computed its state as unchanged. A state's
/// `error` (the reducer threw) is kept as the entry's `error` member. An action's `stack`
/// (recorded with `trace: true`) is kept, and its dispatch's frame becomes the entry's
/// `site` (see ``StackTrace/site(_:)``).
///
/// Liberal in what it accepts, as older extensions wrote: `stagedActionIds` may be
/// missing (the ids of `actionsById`, ascending), an action may be stored bare rather
/// than lifted (`{"type":"PERFORM_ACTION","action":…}`), and when `computedStates`
/// is missing or does not match the staged actions the history is read as actions only,
/// with a warning, so that `--reducer` can recompute it.
enum ReduxLiftedStateReader {
  /// Reads `document`, the whole export (jsan tags already decoded).
  /// - Throws: ``LogError`` `.invalidEntry` naming the member at fault by JSON Pointer.
  static func read(_ document: JSONObject, path: String) throws(LogError) -> (
    ImportedLog, [LogWarning]
  ) {
    let problem = ImportProblem(path: path, format: .reduxDevToolsLiftedState)
    guard case .object(let actions)? = document["actionsById"] else {
      throw problem.error(at: ["actionsById"], "missing or not an object")
    }
    var warnings: [LogWarning] = []
    let staged = try stagedIds(document, actions: actions, problem: problem)
    var skipped = Set<Int>()
    if let value = document["skippedActionIds"] {
      for (i, id) in try problem.array(value, at: ["skippedActionIds"]).enumerated() {
        skipped.insert(try problem.integer(id, at: ["skippedActionIds", String(i)]))
      }
    }
    var states: JSONArray?
    if let value = document["computedStates"] {
      let array = try problem.array(value, at: ["computedStates"])
      if array.count == staged.count {
        states = array
      } else {
        warnings.append(
          LogWarning(
            line: nil,
            message:
              "/computedStates has \(array.count) states but /stagedActionIds has \(staged.count) actions, so the states are ignored and the history is read as actions only"
          ))
      }
    }
    var log = ImportedLog(format: .reduxDevToolsLiftedState)
    var lifted: [(id: Int, action: JSONValue, time: String?, extra: JSONObject)] = []
    for (i, id) in staged.enumerated() {
      guard let entry = actions[String(id)] else {
        throw problem.error(
          at: ["stagedActionIds", String(i)], "names action \(id), which /actionsById lacks")
      }
      lifted.append(try liftedAction(entry, id: id, problem: problem))
    }
    let startsWithInit = ActionName.of(lifted.first?.action ?? .null) == "@@INIT"
    func state(_ i: Int) throws(LogError) -> JSONValue {
      guard case .object(let computed)? = states?[i] else {
        throw problem.error(at: ["computedStates", String(i)], "expected an object {\"state\":…}")
      }
      return computed["state"] ?? .null
    }
    let committed = document["committedState"]
    if states != nil {
      log.initialState = startsWithInit ? try state(0) : committed ?? .null
    } else {
      log.initialState = committed
    }
    for i in (startsWithInit ? 1 : 0)..<lifted.count {
      let item = lifted[i]
      var entry = ImportedEntry(seq: item.id, time: item.time, action: item.action)
      entry.extra = item.extra
      if skipped.contains(item.id) { entry.extra["skipped"] = true }
      if states != nil {
        entry.prior = i == 0 ? log.initialState : try state(i - 1)
        entry.next = try state(i)
        if case .object(let computed)? = states?[i], let error = computed["error"], error != .null {
          entry.extra["error"] = error
        }
      }
      log.entries.append(entry)
    }
    if let cursor = document["currentStateIndex"]?.numberValue?.intValue,
      cursor >= 0, cursor < staged.count - 1
    {
      log.headerMembers["cursor"] =
        cursor == 0 && startsWithInit ? "init" : .number(JSONNumber(staged[cursor]))
    }
    return (log, warnings)
  }

  /// The staged action ids: `stagedActionIds`, or the ids of `actionsById`, ascending.
  private static func stagedIds(
    _ document: JSONObject, actions: JSONObject, problem: ImportProblem
  ) throws(LogError) -> [Int] {
    guard let value = document["stagedActionIds"] else {
      var ids: [Int] = []
      for key in actions.keys {
        guard let id = Int(key) else {
          throw problem.error(at: ["actionsById", key], "is not an action id (an integer)")
        }
        ids.append(id)
      }
      return ids.sorted()
    }
    var ids: [Int] = []
    for (i, id) in try problem.array(value, at: ["stagedActionIds"]).enumerated() {
      ids.append(try problem.integer(id, at: ["stagedActionIds", String(i)]))
    }
    return ids
  }

  /// One member of `actionsById`: the app's action, its time, and the members kept
  /// beside it (`stack`, a trace).
  private static func liftedAction(_ value: JSONValue, id: Int, problem: ImportProblem)
    throws(LogError) -> (id: Int, action: JSONValue, time: String?, extra: JSONObject)
  {
    guard case .object(let object) = value else {
      throw problem.error(
        at: ["actionsById", String(id)],
        "expected an object, found \(ImportProblem.describe(value))")
    }
    var extra = JSONObject()
    if let stack = object["stack"], stack != .null {
      // The dispatch's site, where the trace has a frame: what `--why` and `--blame` read.
      if case .string(let text) = stack, let site = StackTrace.site(text) {
        extra["site"] = site.jsonValue
      }
      extra["stack"] = stack
    }
    let time = ImportProblem.time(fromMilliseconds: object["timestamp"])
    // `replay --export redux-devtools` keeps an action without a string `type` here.
    if let action = object["originalAction"] ?? object["action"] {
      return (id, action, time, extra)
    }
    // An action stored bare (no lifted wrapper).
    return (id, value, time, extra)
  }
}
