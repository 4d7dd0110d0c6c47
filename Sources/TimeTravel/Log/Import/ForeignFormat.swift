/// The histories of other tools that `replay` opens besides its own JSON Lines log,
/// recognised by their content (see ``LogOpener``).
public enum ForeignFormat: String, Sendable, CaseIterable {
  /// The Redux DevTools lifted state (`actionsById`, `computedStates`, `stagedActionIds`,
  /// `skippedActionIds`, `committedState`, `currentStateIndex`): actions and states, as
  /// the extension's and `@redux-devtools/app`'s Export write it when asked for the whole
  /// history, and as `replay --export redux-devtools` writes it.
  case reduxDevToolsLiftedState = "redux-devtools-lifted-state"
  /// The Redux DevTools extension's default export
  /// (`{"payload":"<JSON text of the actions>","preloadedState":"<JSON text>"}`):
  /// actions only.
  case reduxDevToolsActions = "redux-devtools-actions"
  /// An Elm 0.19 debugger export (`{"metadata":…,"history":[…]}`): messages only.
  case elmHistory = "elm-history"

  /// What the summary and messages call it.
  public var displayName: String {
    switch self {
    case .reduxDevToolsLiftedState: return "a Redux DevTools lifted-state export"
    case .reduxDevToolsActions: return "a Redux DevTools default export"
    case .elmHistory: return "an Elm debugger history"
    }
  }

  /// Every format `replay` reads, for the message about a file that is none of them.
  public static let acceptedList =
    "a replay log (JSON Lines, see Sources/TimeTravel/Documentation.docc/LogFormat.md); a Redux DevTools lifted-state export (actionsById, computedStates, stagedActionIds…); a Redux DevTools default export ({\"payload\":…,\"preloadedState\":…}); an Elm debugger history ({\"metadata\":…,\"history\":[…]})"
}
