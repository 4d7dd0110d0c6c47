import Foundation
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

    /// The members of an entry line as found, before they are checked: each fixed member
    /// (`nil` when absent) and the others in order. A scan fills one as it reads a line,
    /// without building the line's object.
    struct Found {
      var seq: JSONValue?
      var time: JSONValue?
      var action: JSONValue?
      var prior: JSONValue?
      var next: JSONValue?
      var patch: JSONValue?
      var otherKeys: [String] = []
      var otherValues: [JSONValue] = []

      /// Records the member `key` (its text, escapes decoded); a repeated key keeps its
      /// first position and its last value, as in a parsed object.
      mutating func record(_ key: String, _ value: JSONValue) {
        record(FixedMember(key), value) { key }
      }

      /// ``record(_:_:)`` for a key as a cursor finds it: a fixed member's key is told by
      /// its bytes, and only another member's key becomes a `String`.
      mutating func record(_ key: JSONKey, _ value: JSONValue) {
        guard !key.hasEscape else { return record(key.string, value) }
        record(FixedMember(rawKey: key.rawBytes), value) { key.string }
      }

      private mutating func record(
        _ member: FixedMember?, _ value: JSONValue, otherKey: () -> String
      ) {
        switch member {
        case .seq: seq = value
        case .time: time = value
        case .action: action = value
        case .prior: prior = value
        case .next: next = value
        case .patch: patch = value
        case nil:
          otherKeys.append(otherKey())
          otherValues.append(value)
        }
      }

      /// The other members as an object.
      var otherMembers: JSONObject {
        otherKeys.isEmpty ? JSONObject() : JSONObject(keys: otherKeys, values: otherValues)
      }
    }

    /// The members of an entry line read into their own fields.
    enum FixedMember {
      case seq, time, action, prior, next, patch

      /// Which fixed member the key of UTF-8 text `raw` (no escapes) names, or `nil`.
      init?(rawKey raw: UnsafeBufferPointer<UInt8>) {
        func equals(_ name: StaticString) -> Bool {
          name.utf8CodeUnitCount == raw.count
            && memcmp(raw.baseAddress!, name.utf8Start, raw.count) == 0
        }
        switch raw.count {
        case 3 where equals("seq"): self = .seq
        case 4 where equals("time"): self = .time
        case 4 where equals("next"): self = .next
        case 5 where equals("prior"): self = .prior
        case 5 where equals("patch"): self = .patch
        case 6 where equals("action"): self = .action
        default: return nil
        }
      }

      /// Which fixed member `key` names, by its exact text (its bytes, as `ExactKey`
      /// compares them), or `nil`.
      init?(_ key: String) {
        var key = key
        guard let member = key.withUTF8({ FixedMember(rawKey: $0) }) else { return nil }
        self = member
      }
    }

    /// Reads the members of the parsed line `value`, file line `line` of `path`; in an
    /// `actionOnly` log, `prior` and `next` are not read (their states are recomputed).
    /// - Throws: ``LogError`` `.invalidEntry` naming the first member that is wrong: not
    ///   an object, `/seq` not an integer, `/time` not a string, no `/action`, or (for a
    ///   full entry) no `/prior` or `/next`.
    init(_ value: JSONValue, path: String, line: Int, actionOnly: Bool = false) throws(LogError) {
      guard case .object(let object) = value else {
        throw LogError(
          kind: .invalidEntry, path: path, line: line,
          message: "expected an entry object, found \(value.typeName)")
      }
      // One pass over the members (their keys are unique), not a lookup per name.
      var found = Found()
      for (key, member) in object { found.record(key, member) }
      try self.init(found, path: path, line: line, actionOnly: actionOnly)
    }

    /// Checks the members `found` of an entry object, as ``init(_:path:line:actionOnly:)``
    /// does.
    /// - Throws: ``LogError`` as ``init(_:path:line:actionOnly:)`` does.
    init(_ found: Found, path: String, line: Int, actionOnly: Bool = false) throws(LogError) {
      func invalid(_ message: String) -> LogError {
        LogError(kind: .invalidEntry, path: path, line: line, message: message)
      }
      if let member = found.seq {
        guard let n = member.numberValue?.intValue else {
          throw invalid("/seq must be an integer, found \(JSONPrinter.compact.print(member))")
        }
        recordedSeq = n
      }
      switch found.time {
      case nil, .null?: break  // No time.
      case .string(let t)?: time = t
      case let member?: throw invalid("/time must be a string, found \(member.typeName)")
      }
      guard let action = found.action else { throw invalid("the entry has no /action member") }
      self.action = action
      if actionOnly {
        // States come from a reducer.
      } else if let patch = found.patch, found.next == nil {
        self.patch = patch
      } else {
        guard let prior = found.prior else { throw invalid("the entry has no /prior member") }
        guard let next = found.next else { throw invalid("the entry has no /next member") }
        states = (prior, next)
      }
      otherMembers = found.otherMembers
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
