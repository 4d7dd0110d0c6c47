import TimeTravelJSON

/// A log, whatever it was read from, written back as a replay log (JSON Lines): what
/// `replay FILE --convert` prints, so that a foreign history can be kept, diffed and
/// bisected like a recorded one.
public enum LogConversion {
  /// The header line: `format`, `version` and what the original header said (`app`,
  /// types, `nils`, `importedFrom`, an Elm history's `metadata`…), and the
  /// `initialState` of an action-only log whose states are not recomputed. Compact
  /// and ring members are dropped: the converted log has full entries.
  /// - Parameter log: The log being converted.
  /// - Returns: An object.
  public static func header(of log: LogFile) -> JSONValue {
    var object: JSONObject = ["format": "replay-log", "version": 1]
    if let header = log.header {
      if let app = header.app { object["app"] = .string(app) }
      if let type = header.stateType { object["stateType"] = .string(type) }
      if let type = header.actionType { object["actionType"] = .string(type) }
      if let created = header.created { object["created"] = .string(created) }
      if let nils = header.nils { object["nils"] = .string(nils) }
      if let source = header.importedFrom { object["importedFrom"] = .string(source) }
      for (key, value) in header.otherMembers where object[key] == nil { object[key] = value }
    }
    if !log.hasStates, let state = log.recordedInitialState { object["initialState"] = state }
    return .object(object)
  }

  /// One entry's line: `seq`, `time`, `action`, the entry's other members, then
  /// `prior` and `next` when it has states.
  /// - Parameter entry: An entry read from any log.
  /// - Returns: An object in the log format's member order.
  public static func line(_ entry: LogEntry) -> JSONValue {
    var object = JSONObject()
    object["seq"] = .number(JSONNumber(entry.seq))
    if let time = entry.time { object["time"] = .string(time) }
    object["action"] = entry.action
    for (key, value) in entry.otherMembers where object[key] == nil { object[key] = value }
    if entry.hasStates {
      object["prior"] = entry.prior
      object["next"] = entry.next
    }
    return .object(object)
  }
}
