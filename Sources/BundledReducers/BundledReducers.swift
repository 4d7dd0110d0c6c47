import CounterReducer
import LoginReducer
import ReplayCLI
import TodoReducer

/// The reducers the `replay` executable registers (Sources/replay/main.swift), for tests
/// that run the command in-process with `--verify`.
public enum BundledReducers {
  /// `todo` and `login`, with their redaction and initial states.
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
    return registry
  }()
}
