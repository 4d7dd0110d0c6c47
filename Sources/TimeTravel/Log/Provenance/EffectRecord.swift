import TimeTravelJSON

/// One effect record of a log, read: an effect's run starting or ending (see
/// <doc:LogFormat#Effect-records>). ``EffectRuns`` pairs them into runs.
public enum EffectRecord: Sendable, Equatable {
  /// `{"effect":"start","id":N,"name":…,"cause":K,"cancelID":…,"site":{…},"time":…}`.
  case start(EffectRun)
  /// `{"effect":"end","id":N,"outcome":…,"by":…,"cause":K,"error":…,"time":…}`.
  case end(id: Int, EffectEnd)

  /// Reads the record on file line `line`, placed after the entry numbered `after`
  /// (`nil`: before the first entry).
  ///
  /// - Parameters:
  ///   - value: The parsed line.
  ///   - line: Its 1-based file line.
  ///   - after: The number of the entry before it.
  /// - Returns: The record, or a phrase saying what is wrong with it (`"/id must be an
  ///   integer"`) for the reader's warning.
  static func read(_ value: JSONValue, line: Int, after: Int?) -> Result<EffectRecord, Problem> {
    guard case .object(let object) = value else { return .failure("it is not an object") }
    guard case .number(let number)? = object["id"], let id = number.intValue else {
      return .failure("/id must be an integer")
    }
    let time = object["time"]?.stringValue
    switch object["effect"]?.stringValue {
    case "start":
      guard case .string(let name)? = object["name"] else {
        return .failure("/name must be a string")
      }
      var run = EffectRun(id: id, name: name, startLine: line, startedAfter: after)
      run.cause = object["cause"]?.numberValue?.intValue
      run.cancelID = object["cancelID"]?.stringValue
      run.site = object["site"].flatMap(LogSite.init)
      run.started = time
      return .success(.start(run))
    case "end":
      guard case .string(let outcome)? = object["outcome"] else {
        return .failure("/outcome must be a string")
      }
      var end = EffectEnd(outcome: outcome, line: line, after: after)
      end.cancelledBy = object["by"]?.stringValue
      end.cause = object["cause"]?.numberValue?.intValue
      end.error = object["error"]?.stringValue
      end.time = time
      return .success(.end(id: id, end))
    default:
      return .failure(#"/effect must be "start" or "end""#)
    }
  }

  /// What is wrong with an effect record, for a warning.
  struct Problem: Error, ExpressibleByStringLiteral {
    var text: String
    init(stringLiteral value: String) { text = value }
  }
}

/// One run of an effect, from its start record to its end record, if any.
public struct EffectRun: Sendable, Equatable {
  /// The run's id, unique in the log (the Swift store numbers runs 1, 2, …); entries it
  /// sent carry it as `origin.id`.
  public var id: Int
  /// The effect's name.
  public var name: String
  /// The `seq` of the entry whose reducer started it, when recorded.
  public var cause: Int?
  /// Its cancellation id's description, when it has one.
  public var cancelID: String?
  /// Where the reducer built it (`.run`, `.send`), when recorded.
  public var site: LogSite?
  /// When it started (RFC 3339), when recorded.
  public var started: String?
  /// The 1-based file line of its start record.
  public var startLine: Int
  /// The number of the entry its start record follows (`nil`: before the first entry):
  /// it is running from the state after that entry on.
  public var startedAfter: Int?
  /// How it ended; `nil` while it was still running when the log ended.
  public var end: EffectEnd?

  /// Creates a run that has not ended.
  ///
  /// - Parameters:
  ///   - id: The run's id.
  ///   - name: The effect's name.
  ///   - startLine: The file line of its start record.
  ///   - startedAfter: The number of the entry before that record.
  public init(id: Int, name: String, startLine: Int, startedAfter: Int?) {
    self.id = id
    self.name = name
    self.startLine = startLine
    self.startedAfter = startedAfter
  }

  /// Whether the run was running in the state after entry `number` (`nil`: the state
  /// before the first entry): it started before that state and had not ended by then.
  ///
  /// - Parameter number: An entry number, as the log names entries.
  public func isRunning(afterEntry number: Int?) -> Bool {
    guard Self.atOrBefore(startedAfter, number) else { return false }
    guard let end else { return true }
    return !Self.atOrBefore(end.after, number)
  }

  /// Whether the place after entry `a` is at or before the place after entry `b`, `nil`
  /// being before every entry.
  static func atOrBefore(_ a: Int?, _ b: Int?) -> Bool {
    guard let a else { return true }
    guard let b else { return false }
    return a <= b
  }
}

/// How an effect's run ended, as its end record says.
public struct EffectEnd: Sendable, Equatable {
  /// `"completed"`, `"cancelled"` or `"failed"` (another writer's own word is kept as
  /// written).
  public var outcome: String
  /// For a cancelled run, what cancelled it: `"id"` (``Effect/cancel(id:)``),
  /// `"cancelInFlight"`, `"release"` (the store was released) or `"task"` (a view
  /// model's task was cancelled).
  public var cancelledBy: String?
  /// The `seq` of the entry whose reducer cancelled it, when one did.
  public var cause: Int?
  /// For a failed run, the error's description.
  public var error: String?
  /// When it ended (RFC 3339), when recorded.
  public var time: String?
  /// The 1-based file line of the end record.
  public var line: Int
  /// The number of the entry the end record follows (`nil`: before the first entry): from
  /// the state after it on, the run was no longer running.
  public var after: Int?

  /// Creates an end.
  ///
  /// - Parameters:
  ///   - outcome: `"completed"`, `"cancelled"` or `"failed"`.
  ///   - line: The file line of the end record.
  ///   - after: The number of the entry before it.
  public init(outcome: String, line: Int, after: Int?) {
    self.outcome = outcome
    self.line = line
    self.after = after
  }
}
