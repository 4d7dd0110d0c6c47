import CounterReducer
import LoginReducer
import ReplayCLI
import SearchReducer
import TodoReducer

/// The reducers the `replay` executable registers, in one place for the executable and
/// for the tests that run the command in-process.
public enum BundledReducers {
  /// `todo` (the MVI article's to-do app), `login` (with its password redaction), the
  /// counters of Redux DevTools' and Elm's examples (`redux-counter`, `elm-counter`) and
  /// `search` (search as you type, the sample of `--races`), each with its initial state.
  public static let registry: ReducerRegistry = {
    var registry = ReducerRegistry()
    registry.register(name: "todo", reducer: TodoReducer(), initialState: TodoState())
    registry.register(
      name: "login", reducer: LoginReducer(), redaction: LoginReducer.redaction,
      initialState: LoginState())
    registry.register(
      name: "redux-counter", reducer: ReduxCounterReducer(), initialState: ReduxCounterState())
    registry.register(
      name: "elm-counter", reducer: ElmCounterReducer(), initialState: ElmCounterModel())
    registry.register(name: "search", reducer: SearchReducer(), initialState: SearchState())
    return registry
  }()
}
