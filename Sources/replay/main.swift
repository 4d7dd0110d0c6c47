import CounterReducer
import LoginReducer
import ReplayCLI
import TodoReducer

// The reducers this `replay` can verify logs with: the bundled samples. An app's own
// `replay` registers its own (Sources/ReplayCLI/Documentation.docc/CustomReplay.md).
var reducers = ReducerRegistry()
reducers.register(name: "todo", reducer: TodoReducer(), initialState: TodoState())
reducers.register(
  name: "login", reducer: LoginReducer(), redaction: LoginReducer.redaction,
  initialState: LoginState())
reducers.register(
  name: "redux-counter", reducer: ReduxCounterReducer(), initialState: ReduxCounterState())
reducers.register(
  name: "elm-counter", reducer: ElmCounterReducer(), initialState: ElmCounterModel())
ReplayCommand.main(reducers: reducers)
