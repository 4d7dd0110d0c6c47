// What ReducerRegistry's doc comment assumes: an app reducer.
import TimeTravel

struct CartReducer: Reducer {
  func reduce(into state: inout [String], action: String) { state.append(action) }
}
