import TimeTravelJSON

/// Reads the Redux DevTools extension's default export,
/// `{"payload":"<JSON text of the actions>","preloadedState":"<JSON text>"}`: the
/// staged actions after `@@INIT` (skipped ones included, since the export does not
/// say which were skipped) and the committed state they start from. It holds no states,
/// so it is an action-only history (<doc:LogFormat>) that `--reducer` replays.
///
/// Liberal as Redux DevTools' own `importState` is: `payload` and `preloadedState` may be
/// JSON text or plain JSON; elements of `payload` may be lifted actions
/// (`{"type":"PERFORM_ACTION","action":…,"timestamp":…}`), whose time is kept (and
/// their `stack`, with its dispatch's frame as the entry's `site`); and a
/// `payload` holding a whole lifted state is read as one.
enum ReduxActionsExportReader {
  /// Reads `document`, the export's outer object.
  /// - Throws: ``LogError`` naming the member at fault: JSON text that does not parse
  ///   (with its line and column within the text), or a `payload` that is not an array.
  static func read(_ document: JSONObject, path: String) throws(LogError) -> (
    ImportedLog, [LogWarning]
  ) {
    let problem = ImportProblem(path: path, format: .reduxDevToolsActions)
    let payload = try embedded(document["payload"], member: "payload", problem: problem)
    if case .object(let lifted) = payload, lifted["actionsById"] != nil {
      return try ReduxLiftedStateReader.read(lifted, path: path)
    }
    guard case .array(let actions) = payload else {
      throw problem.error(
        at: ["payload"], "expected the actions' array, found \(ImportProblem.describe(payload))")
    }
    var log = ImportedLog(format: .reduxDevToolsActions)
    if let state = document["preloadedState"], state != .null {
      log.initialState = try embedded(state, member: "preloadedState", problem: problem)
    }
    for (i, element) in actions.enumerated() {
      var entry = ImportedEntry(seq: i + 1, action: element)
      if case .object(let object) = element, object["type"] == "PERFORM_ACTION",
        let action = object["action"]
      {
        entry.action = action
        entry.time = ImportProblem.time(fromMilliseconds: object["timestamp"])
        if case .string(let stack)? = object["stack"] {
          if let site = StackTrace.site(stack) { entry.extra["site"] = site.jsonValue }
          entry.extra["stack"] = .string(stack)
        }
      }
      log.entries.append(entry)
    }
    return (log, [])
  }

  /// A member holding JSON text, parsed (jsan tags decoded), or plain JSON as it is.
  private static func embedded(_ value: JSONValue?, member: String, problem: ImportProblem)
    throws(LogError) -> JSONValue
  {
    guard let value else { throw problem.error(at: [member], "missing") }
    guard case .string(let text) = value else { return value }
    let parsed: JSONValue
    do {
      parsed = try JSONParser.parse(text)
    } catch {
      throw problem.error(
        at: [member],
        "the JSON text it holds is not valid JSON: \(error.message) (line \(error.line), column \(error.column) of the text)"
      )
    }
    guard JsanDecoder.mayHaveTags(Array(text.utf8)) else { return parsed }
    // In the actions' array each action is a value of its own; the state is one value.
    var decoder = JsanDecoder(root: parsed) { _ in member == "payload" ? 1 : 0 }
    return decoder.decode(parsed, at: [])
  }
}
