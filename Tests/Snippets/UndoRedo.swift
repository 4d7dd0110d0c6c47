// What Sources/TimeTravel/Documentation.docc/UndoRedo.md's snippets assume: the counter of its examples.
import LoginReducer
import Testing
import TimeTravel
import TimeTravelTesting

struct CounterState: Codable, Equatable, Sendable { var count = 0 }
enum CounterAction: Codable, Equatable, Sendable {
  case increment
  case add(Int)
}
let counterReducer = Reduce<CounterState, CounterAction> { state, action in
  switch action {
  case .increment: state.count += 1
  case .add(let n): state.count += n
  }
}
