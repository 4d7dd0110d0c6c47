// The log's entries are JSON values and its compact encoding stores JSON Patches, so the
// library's API speaks both: an app that imports TimeTravel gets them without a second import.
@_exported import TimeTravelDiff
@_exported import TimeTravelJSON

/// TimeTravel records every state transition of a reducer-driven app as an
/// (action, prior state, next state) triple in a JSON Lines log, and reads such
/// logs back for diffing, querying, bisecting and replay.
public enum TimeTravel {
  /// The log format version this library writes (see <doc:LogFormat>).
  public static let logFormatVersion = 1
}
