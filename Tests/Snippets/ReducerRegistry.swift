// What ReducerRegistry's doc comment assumes: an app reducer and its state.
import TimeTravel

struct CartState: Codable { var items: [String] = [] }

struct CartReducer: Reducer {
  func reduce(into state: inout CartState, action: String) { state.items.append(action) }
}
