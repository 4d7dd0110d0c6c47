import TimeTravelJSON

/// A *pending* record: the action a recorder wrote before handing it to the reducer.
///
/// With ``LogRecorder``'s `pendingRecords` on, each transition is written twice: first
/// `{"seq":K,"time":…,"pending":true,"action":…,"prior":…}`, then the complete entry
/// with the same `seq`. A pending line at the end of a log, with no completing entry,
/// means the app died while applying that action (a trap inside `reduce`): this value
/// is that fatal action and the state it was applied to.
public struct PendingEntry: Sendable, Equatable {
  /// The `seq` the completing entry would have had.
  public var seq: Int
  /// The `time` member, or `nil` when absent.
  public var time: String?
  /// The action being applied.
  public var action: JSONValue
  /// The state it was being applied to.
  public var prior: JSONValue
  /// The 1-based file line of the pending record.
  public var line: Int
  /// The record's `site` member as written, when it has one (see ``LogSite``): where the
  /// action that never completed was dispatched.
  public var site: JSONValue? = nil

  /// Creates a pending entry.
  public init(seq: Int, time: String?, action: JSONValue, prior: JSONValue, line: Int) {
    self.seq = seq
    self.time = time
    self.action = action
    self.prior = prior
    self.line = line
  }

  /// The action's display name (see ``ActionName``).
  public var actionName: String { ActionName.of(action) }

  /// The warning a reader gives for a log ending in this record.
  public var crashMessage: String {
    "the session ended during entry \(seq) (\(actionName)): the app stopped while applying it"
  }

  /// Whether `warning` is the one a reader gives for a log ending in this record (on its
  /// line, worded as ``crashMessage`` or as an asynchronous recorder's end), and not
  /// another warning of the same line.
  public func isEndWarning(_ warning: LogWarning) -> Bool {
    warning.line == line
      && [crashMessage, asynchronousEndMessage].contains {
        LogWarning(line: line, message: $0).message == warning.message
      }
  }

  /// The warning for a log ending in this record, without a closing record, that an
  /// asynchronous recorder wrote: its writer may have been behind the app, so the app
  /// may have stopped later, and the entries it had queued are lost.
  var asynchronousEndMessage: String {
    "the log ends in the pending record for entry \(seq) (\(actionName)) and has no closing record: the app stopped while applying it or later (the recorder was asynchronous), so entries after seq \(seq &- 1) may be missing"
  }
}

extension PendingEntry {
  /// Reads a pending record; `nil` unless `value` is an object with `"pending":true`,
  /// an integer `seq`, an `action` and a `prior`.
  init?(_ value: JSONValue, line: Int) {
    guard value["pending"] == .bool(true), let seq = value["seq"]?.numberValue?.intValue,
      let action = value["action"], let prior = value["prior"]
    else { return nil }
    self.init(seq: seq, time: value["time"]?.stringValue, action: action, prior: prior, line: line)
    site = value["site"]
  }
}
