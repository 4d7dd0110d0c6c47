import TimeTravelJSON

/// A foreign history read into the log's model: a header saying where it came from,
/// and entries; written as JSON Lines so that `LogFile` reads it like any log.
struct ImportedLog {
  var format: ForeignFormat
  /// The state before the first entry, when the history has one (Redux DevTools'
  /// `@@INIT` state, a default export's `preloadedState`); written in the header as
  /// `initialState` for an action-only history.
  var initialState: JSONValue?
  /// Header members beside `format`, `version`, `importedFrom` and `initialState`
  /// (Elm's `metadata`, Redux DevTools' cursor).
  var headerMembers: JSONObject = [:]
  var entries: [ImportedEntry] = []

  /// The header line's object.
  var header: JSONValue {
    var object = JSONObject()
    object["format"] = "replay-log"
    object["version"] = 1
    object["importedFrom"] = .string(format.rawValue)
    for (key, value) in headerMembers { object[key] = value }
    if let initialState, entries.first?.next == nil { object["initialState"] = initialState }
    return .object(object)
  }

  /// The log as JSON Lines: the header, then one line per entry.
  /// - Complexity: O(total size of the values).
  func jsonLines() -> [UInt8] {
    var out: [UInt8] = []
    JSONPrinter.compact.write(header, to: &out)
    out.append(0x0A)
    for entry in entries {
      JSONPrinter.compact.write(entry.jsonValue, to: &out)
      out.append(0x0A)
    }
    return out
  }
}
