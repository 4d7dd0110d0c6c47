import TimeTravelJSON

/// The optional first line of a log, describing what wrote it.
///
/// `{"format":"replay-log","version":1,"app":…,"stateType":…,"actionType":…,"created":…}`;
/// every member but `format` is optional when reading.
public struct LogHeader: Sendable, Equatable {
  /// The `format` member; `"replay-log"` for logs this library writes.
  public var format: String
  /// The format version, if given.
  public var version: Int?
  /// The app's name, if given.
  public var app: String?
  /// The state's type name, if given.
  public var stateType: String?
  /// The action's type name, if given.
  public var actionType: String?
  /// The creation time (RFC 3339), if given.
  public var created: String?

  /// `"compact"` when entries may store `next` as a patch (see <doc:LogFormat>).
  public var encoding: String?
  /// The keyframe interval of a compact log.
  public var keyframeInterval: Int?
  /// Ring mode: how many entries the recorder keeps at least.
  public var ring: Int?
  /// Ring mode: the `seq` of the first entry in this file.
  public var firstSeq: Int?
  /// Ring mode: how many earlier entries were dropped (`firstSeq − 1`).
  public var dropped: Int?
  /// `"null"` when optionals that were `nil` are written as `null`; absent when they
  /// were left out (`NilEncoding`).
  public var nils: String?
  /// `true` when the writer ends the log with a closing record (``LogClosing``) when it
  /// closes, so that a log without one was not closed; `nil` when the header does not say.
  public var closingRecord: Bool?
  /// `"asynchronous"` when the writer wrote behind the app, so that a crash may have
  /// lost entries it had accepted (see <doc:RecordingCosts>); `nil` otherwise.
  public var durability: String?
  /// The foreign format the log was read from (a `ForeignFormat` raw value, e.g.
  /// `"redux-devtools-lifted-state"`); `nil` for a replay log.
  public var importedFrom: String?
  /// The state before the first entry of an action-only log, when the header holds it.
  public var initialState: JSONValue?
  /// The header's members besides those above (an Elm history's `metadata`, Redux
  /// DevTools' `cursor`), in the order written.
  public var otherMembers: JSONObject = [:]

  /// Reads a header from a parsed first line; `nil` when the line is an entry
  /// rather than a header (it has an `action` member, or no string `format`).
  public init?(_ value: JSONValue) {
    guard case .object(let object) = value, object["action"] == nil,
      case .string(let format)? = object["format"]
    else { return nil }
    self.format = format
    self.version = object["version"]?.numberValue?.intValue
    self.app = object["app"]?.stringValue
    self.stateType = object["stateType"]?.stringValue
    self.actionType = object["actionType"]?.stringValue
    self.created = object["created"]?.stringValue
    self.encoding = object["encoding"]?.stringValue
    self.keyframeInterval = object["keyframeInterval"]?.numberValue?.intValue
    self.ring = object["ring"]?.numberValue?.intValue
    self.firstSeq = object["firstSeq"]?.numberValue?.intValue
    self.dropped = object["dropped"]?.numberValue?.intValue
    self.nils = object["nils"]?.stringValue
    if case .bool(let closes)? = object["closingRecord"] { self.closingRecord = closes }
    self.durability = object["durability"]?.stringValue
    self.importedFrom = object["importedFrom"]?.stringValue
    self.initialState = object["initialState"]
    let known: Set<String> = [
      "format", "version", "app", "stateType", "actionType", "created", "encoding",
      "keyframeInterval", "ring", "firstSeq", "dropped", "nils", "closingRecord", "durability",
      "importedFrom", "initialState",
    ]
    for (key, value) in object where !known.contains(key) { otherMembers[key] = value }
  }
}
