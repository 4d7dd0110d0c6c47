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
    return (log, unlistedTags(history, metadata: document["metadata"]))
  }

  /// A warning for each constructor of `history` that the metadata's message type does
  /// not list (`metadata.types.unions[message].tags`): the history was exported by
  /// another version of the app, or edited, so a reducer may not know the message. Elm's
  /// debugger warns on an import whose message type gained a tag, and refuses one that
  /// changed; replay warns and goes on. Nothing is said when the metadata names no such
  /// union (it is not Elm's, or the message type is an alias).
  /// - Complexity: O(*n*) in the history's messages; one warning per distinct tag.
  static func unlistedTags(_ history: JSONArray, metadata: JSONValue?) -> [LogWarning] {
    guard case .object(let metadata)? = metadata, case .object(let types)? = metadata["types"],
      case .string(let message)? = types["message"], case .object(let unions)? = types["unions"],
      case .object(let union)? = unions[message], case .object(let tags)? = union["tags"]
    else { return [] }
    var unlisted: [(tag: String, first: Int, count: Int)] = []
    for (i, entry) in history.enumerated() {
      guard case .object(let object) = entry, case .string(let tag)? = object["$"],
        tags[tag] == nil
      else { continue }
      if let k = unlisted.firstIndex(where: { $0.tag == tag }) {
        unlisted[k].count += 1
      } else {
        unlisted.append((tag, i + 1, 1))
      }
    }
    let listed = tags.keys.sorted().joined(separator: ", ")
    return unlisted.map { tag, first, count in
      let times = count == 1 ? "entry \(first)" : "entries \(first) and \(count - 1) more"
      return LogWarning(
        line: nil,
        message:
          "\(times) send\(count == 1 ? "s" : "") \(tag), which the history's metadata does not list as a tag of \(message) (it lists \(listed.isEmpty ? "none" : listed)): the history may come from another version of the app"
      )
    }
  }
}
