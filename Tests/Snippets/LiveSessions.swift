// What Sources/TimeTravel/Documentation.docc/LiveSessions.md's snippets assume: a counter app.
import TimeTravel

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
let logURL = URL(fileURLWithPath: "/tmp/counter.jsonl")
