import Foundation
import TimeTravel

struct AppState: Codable, Sendable { var count = 0 }
enum AppAction: Codable, Sendable { case increment, decrement }

struct AppReducer: Reducer {
  func reduce(into state: inout AppState, action: AppAction) {
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    }
  }
}

let recorder = try LogRecorder(
  url: URL(fileURLWithPath: "session.jsonl"), app: "Counter",
  stateType: "AppState", actionType: "AppAction")
let store = Store(initialState: AppState(), reducer: AppReducer(), recorder: recorder)
store.dispatch(.increment)
store.undo()
