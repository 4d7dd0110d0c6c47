import TimeTravelJSON

/// One transition read from a log: the action and the states around it.
public struct LogEntry: Sendable, Equatable {
  /// The entry's number, by which every reader names it: its `seq` member (its 1-based
  /// position among the entries when it has none), or its position when the log's `seq`
  /// does not increase (see `EntryNumbering`).
  public var seq: Int
  /// The `seq` member as written, `nil` when the entry has none. It differs from ``seq``
  /// only when the log is numbered by position.
  public var recordedSeq: Int?
  /// The `time` member as written (RFC 3339), or `nil` when absent.
  public var time: String?
  /// The action that caused the transition.
  public var action: JSONValue
  /// The state before the action.
  public var prior: JSONValue
  /// The state after the action.
  public var next: JSONValue
  /// The 1-based line of the file the entry came from.
  public var line: Int
  /// The entry's other members, in the order written: `origin` (the effect that sent the
  /// action, see `ActionOrigin`) and whatever else a writer added. Shown by `--show` and
  /// visible to `--find` and `--where` through ``jsonValue``.
  public var otherMembers: JSONObject = [:]
  /// Whether ``prior`` and ``next`` are states: `false` for an entry of an action-only log
  /// read without a reducer, whose states are `null` and left out of ``jsonValue``.
  public var hasStates = true

  /// Creates an entry.
  public init(
    seq: Int, time: String?, action: JSONValue, prior: JSONValue, next: JSONValue, line: Int
  ) {
    self.seq = seq
    self.time = time
    self.action = action
    self.prior = prior
    self.next = next
    self.line = line
  }

  /// The action's display name (see ``ActionName``).
  public var actionName: String { ActionName.of(action) }

  /// Whether the entry is marked `"skipped":true`, as Redux DevTools' skip marks an action
  /// (its `skippedActionIds`): the action is not applied, and the state after the entry
  /// is the state before it. Every replay honours it: ``Replayer``, a ``StateRecomputer``
  /// run and `replay --emit-test`.
  public var isSkipped: Bool { otherMembers["skipped"] == .bool(true) }

  /// The entry as one object `{seq, time, action, prior, next}` (no `time`
  /// when absent), followed by its ``otherMembers``: the input of `--find` expressions.
  /// When the number differs from the `seq` as written, `recordedSeq` follows `seq`.
  public var jsonValue: JSONValue {
    // Built as two arrays, not member by member: `--find` builds one per entry. The
    // keys of the usual entry (a time, states, no other member) are one shared array.
    let writesRecordedSeq = recordedSeq != nil && recordedSeq != seq
    var values: [JSONValue] = []
    values.reserveCapacity(5 + (writesRecordedSeq ? 1 : 0) + otherMembers.count)
    values.append(.number(JSONNumber(seq)))
    if writesRecordedSeq, let recordedSeq { values.append(.number(JSONNumber(recordedSeq))) }
    if let time { values.append(.string(time)) }
    values.append(action)
    if hasStates {
      values.append(prior)
      values.append(next)
    }
    if !writesRecordedSeq, time != nil, hasStates, otherMembers.isEmpty {
      return .object(JSONObject(uniqueKeys: Self.usualKeys, values: values))
    }
    var keys: [String] = ["seq"]
    keys.reserveCapacity(values.capacity)
    if writesRecordedSeq { keys.append("recordedSeq") }
    if time != nil { keys.append("time") }
    keys.append("action")
    if hasStates { keys.append(contentsOf: ["prior", "next"]) }
    let fixed = keys.count
    for (key, value) in otherMembers
    where !keys[..<fixed].contains(where: { ExactKey.same($0, key) }) {
      keys.append(key)
      values.append(value)
    }
    return .object(JSONObject(uniqueKeys: keys, values: values))
  }

  /// The keys of ``jsonValue`` for an entry with a time and states and nothing else.
  private static let usualKeys = ["seq", "time", "action", "prior", "next"]
}

/// How actions are named for display, whichever language wrote the log.
public enum ActionName {
  /// The display name of `action`:
  /// - an object with a string `type` is named by it (Redux: `{"type":"todos/add"}`);
  /// - an object with a string `$` is named by it (Elm: `{"$":"SetName","a":"bob"}`);
  /// - an object with a single key is named by that key (Swift's synthesized
  ///   `Codable` for enum cases: `{"addTodo":{"_0":"Buy milk"}}` → `addTodo`);
  /// - a string is its own name;
  /// - anything else is named by its jq type in angle brackets, e.g. `<object>`.
  public static func of(_ action: JSONValue) -> String {
    switch action {
    case .string(let name): return name
    case .object(let object):
      if case .string(let type)? = object["type"] { return type }
      // Elm's JSON for a custom type: `$` is the constructor.
      if case .string(let constructor)? = object["$"] { return constructor }
      if object.count == 1 { return object.keys[0] }
      return "<object>"
    default: return "<\(action.typeName)>"
    }
  }

  /// What ``of(_:)`` reads of an action: its `type` and `$` members whole, and every
  /// other member for nothing but its key (`JSONProjection`). An action read with this
  /// projection, or with more, has the name the whole action has.
  public static let reading = JSONProjection.members(
    [(key: "type", part: .whole), (key: "$", part: .whole)], others: .nothing)
}
