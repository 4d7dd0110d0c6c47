import TimeTravelDiff
import TimeTravelJSON

extension LogEntry {
  /// The members of one entry line, checked: what ``LogFile`` and ``LogFollower`` build
  /// entries from, so that a line means the same to both.
  struct Members {
    /// The `seq` member, `nil` when absent.
    var recordedSeq: Int?
    /// The `time` member, `nil` when absent or `null`.
    var time: String?
    var action: JSONValue
    /// `prior` and `next` of a full entry; `nil` for a compact one.
    var states: (prior: JSONValue, next: JSONValue)?
    /// The RFC 6902 patch of a compact entry (a `patch` member and no `next`).
    var patch: JSONValue?
    /// Every other member, in the order written.
    var otherMembers: JSONObject

    /// Reads the members of the parsed line `value`, file line `line` of `path`; in an
    /// `actionOnly` log, `prior` and `next` are not read (their states are recomputed).
    /// - Throws: ``LogError`` `.invalidEntry` naming the first member that is wrong: not
    ///   an object, `/seq` not an integer, `/time` not a string, no `/action`, or (for a
    ///   full entry) no `/prior` or `/next`.
    init(_ value: JSONValue, path: String, line: Int, actionOnly: Bool = false) throws(LogError) {
      func invalid(_ message: String) -> LogError {
        LogError(kind: .invalidEntry, path: path, line: line, message: message)
      }
      guard case .object(let object) = value else {
        throw invalid("expected an entry object, found \(value.typeName)")
      }
      // One pass over the members (their keys are unique), not a lookup per name.
      var seqMember: JSONValue?
      var timeMember: JSONValue?
      var actionMember: JSONValue?
      var priorMember: JSONValue?
      var nextMember: JSONValue?
      var patchMember: JSONValue?
      var otherKeys: [String] = []
      var otherValues: [JSONValue] = []
      for (key, member) in object {
        switch Self.fixedMember(key) {
        case .seq: seqMember = member
        case .time: timeMember = member
        case .action: actionMember = member
        case .prior: priorMember = member
        case .next: nextMember = member
        case .patch: patchMember = member
        case nil:
          otherKeys.append(key)
          otherValues.append(member)
        }
      }
      if let member = seqMember {
        guard let n = member.numberValue?.intValue else {
          throw invalid("/seq must be an integer, found \(JSONPrinter.compact.print(member))")
        }
        recordedSeq = n
      }
      if let member = timeMember, member != .null {
        guard let t = member.stringValue else {
          throw invalid("/time must be a string, found \(member.typeName)")
        }
        time = t
      }
      guard let action = actionMember else { throw invalid("the entry has no /action member") }
      self.action = action
      if actionOnly {
        // States come from a reducer.
      } else if let patch = patchMember, nextMember == nil {
        self.patch = patch
      } else {
        guard let prior = priorMember else { throw invalid("the entry has no /prior member") }
        guard let next = nextMember else { throw invalid("the entry has no /next member") }
        states = (prior, next)
      }
      otherMembers =
        otherKeys.isEmpty ? JSONObject() : JSONObject(uniqueKeys: otherKeys, values: otherValues)
    }

    /// The members of an entry line read into their own fields.
    private enum FixedMember {
      case seq, time, action, prior, next, patch
    }

    /// Which fixed member `key` names, by its exact bytes (see `ExactKey`).
    private static func fixedMember(_ key: String) -> FixedMember? {
      if ExactKey.same(key, "seq") { return .seq }
      if ExactKey.same(key, "time") { return .time }
      if ExactKey.same(key, "action") { return .action }
      if ExactKey.same(key, "prior") { return .prior }
      if ExactKey.same(key, "next") { return .next }
      if ExactKey.same(key, "patch") { return .patch }
      return nil
    }

    /// The entry numbered `seq`, between the states `prior` and `next`.
    func entry(seq: Int, prior: JSONValue, next: JSONValue, line: Int) -> LogEntry {
      var entry = LogEntry(
        seq: seq, time: time, action: action, prior: prior, next: next, line: line)
      entry.otherMembers = otherMembers
      entry.recordedSeq = recordedSeq
      return entry
    }
  }

  /// `patch` (a compact entry's RFC 6902 patch) applied to `state`, the entry before's
  /// `next`.
  /// - Throws: ``LogError`` `.invalidEntry` naming `line` when the patch is malformed or
  ///   does not apply (RFC 6902 §5: all or nothing).
  static func applying(_ patch: JSONValue, to state: JSONValue, path: String, line: Int)
    throws(LogError) -> JSONValue
  {
    do {
      return try JSONPatch(parsing: patch).apply(to: state)
    } catch {
      throw LogError(
        kind: .invalidEntry, path: path, line: line,
        message: "/patch does not apply to the previous entry's next: \(error.description)")
    }
  }
}
