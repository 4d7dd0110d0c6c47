import TimeTravelJSON

/// What caused an entry's action, as its `origin` member says: `{"cause":K}` from any
/// writer, and from the Swift library `{"cause":K,"effect":"login","id":N}` (see
/// ``ActionOrigin``).
public struct LogOrigin: Sendable, Equatable {
  /// The `seq` of the entry that caused the action: the one whose reducer returned the
  /// effect that sent it, or (Redux) the dispatch in progress when it was dispatched.
  public var cause: Int?
  /// The effect that sent it, by name.
  public var effect: String?
  /// The effect's run, as its effect records name it (their `id`).
  public var effectID: Int?

  /// Creates an origin.
  ///
  /// - Parameters:
  ///   - cause: The causing entry's `seq`.
  ///   - effect: The effect's name.
  ///   - effectID: The effect run's id.
  public init(cause: Int?, effect: String?, effectID: Int? = nil) {
    self.cause = cause
    self.effect = effect
    self.effectID = effectID
  }

  /// Reads an `origin` member: an object whose `cause` and `id` are integers and whose
  /// `effect` is a string, each optional; members of other types are ignored.
  ///
  /// - Parameter value: The member's value.
  /// - Returns: `nil` when `value` is not an object.
  public init?(_ value: JSONValue) {
    guard case .object(let object) = value else { return nil }
    cause = object["cause"]?.numberValue?.intValue
    effect = object["effect"]?.stringValue
    effectID = object["id"]?.numberValue?.intValue
  }
}

extension LogEntry {
  /// The entry's `site` member read (see ``LogSite``); `nil` when it has none or it
  /// cannot be read (``provenanceWarnings`` then says why).
  public var site: LogSite? { otherMembers["site"].flatMap(LogSite.init) }

  /// The entry's `origin` member read (see ``LogOrigin``); `nil` when it has none.
  public var origin: LogOrigin? { otherMembers["origin"].flatMap(LogOrigin.init) }

  /// What is wrong with the entry's `site` and `origin` members, as warnings naming its
  /// line: a site that cannot be read, a site whose names hold control characters (shown
  /// escaped), an `origin` that is not an object or whose `cause` is not an integer.
  /// Empty for a well-formed entry. (Whether the cause names an earlier entry is the
  /// chain's business: see ``LogFile/causeChain(ofEntry:)``.)
  public var provenanceWarnings: [LogWarning] {
    Self.provenanceWarnings(
      seq: seq, line: line, site: otherMembers["site"], origin: otherMembers["origin"])
  }

  /// ``provenanceWarnings`` of the entry numbered `seq` on file line `line`, from its
  /// `site` and `origin` members as written: what a scan that builds no entry reports.
  static func provenanceWarnings(seq: Int, line: Int, site: JSONValue?, origin: JSONValue?)
    -> [LogWarning]
  {
    var warnings: [LogWarning] = []
    func warn(_ message: String) { warnings.append(LogWarning(line: line, message: message)) }
    if let value = site {
      if let problem = LogSite.problem(in: value) {
        warn("entry \(seq)'s site cannot be read (\(problem)); ignored it")
      } else if LogSite(value)?.hasControlCharacters == true {
        warn("entry \(seq)'s site holds control characters; they are shown escaped")
      }
    }
    if let value = origin {
      if case .object(let object) = value {
        if let cause = object["cause"], cause.numberValue?.intValue == nil {
          warn(
            "entry \(seq)'s /origin/cause must be an integer, found \(JSONPrinter.compact.print(cause)); ignored it"
          )
        }
      } else {
        warn("entry \(seq)'s /origin must be an object, found \(value.typeName); ignored it")
      }
    }
    return warnings
  }
}
