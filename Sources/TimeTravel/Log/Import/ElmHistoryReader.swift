import TimeTravelJSON

/// Reads an Elm debugger export (Elm 0.19's `history-N.txt`):
/// `{"metadata":{"versions":{"elm":"0.19.1"},"types":{"message":"Main.Msg",…}},"history":[…]}`.
///
/// `history` holds the messages only, each as Elm's JSON for a custom type
/// (`{"$":"SetName","a":"bob"}`: `$` is the constructor, `a`, `b`, … its arguments), so
/// the history is action-only (<doc:LogFormat>): entries are numbered 1…n, named by
/// their constructor, and `--reducer` replays them from the reducer's initial state,
/// as Elm's debugger replays `update` from `init`. `metadata` is kept in the header, and
/// the summary shows its message type.
enum ElmHistoryReader {
  /// Reads `document`, the export's object.
  /// - Throws: ``LogError`` naming `/history` or `/metadata` when they are not an array
  ///   and an object.
  static func read(_ document: JSONObject, path: String) throws(LogError) -> (
    ImportedLog, [LogWarning]
  ) {
    let problem = ImportProblem(path: path, format: .elmHistory)
    let history = try problem.array(document["history"], at: ["history"])
    var log = ImportedLog(format: .elmHistory)
    if let metadata = document["metadata"] {
      guard case .object = metadata else {
        throw problem.error(
          at: ["metadata"], "expected an object, found \(ImportProblem.describe(metadata))")
      }
      log.headerMembers["metadata"] = metadata
    }
    for (i, message) in history.enumerated() {
      log.entries.append(ImportedEntry(seq: i + 1, action: message))
    }
    return (log, [])
  }
}
