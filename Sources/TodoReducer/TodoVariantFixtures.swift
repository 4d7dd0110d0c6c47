import Foundation
import Synchronization
import TimeTravel

/// The short sessions behind `Fixtures/todo-nondeterministic.jsonl` and
/// `Fixtures/todo-crash.jsonl`.
@MainActor
public enum TodoVariantFixtures {
  /// The `seq` of the first `addTodo` in the non-deterministic session: the first entry
  /// whose replay through ``TodoReducer`` diverges.
  nonisolated public static let firstDivergentSeq = 4
  /// The number of complete entries in the crash session before the fatal one.
  nonisolated public static let entriesBeforeCrash = 6
  /// The fatal action of the crash session: offset 2 of a filtered list of 2 items.
  nonisolated public static let fatalAction = TodoAction.deleteTodos(atOffsets: IndexSet([2]))

  /// The actions of the non-deterministic session, in order.
  nonisolated public static let nondeterministicActions: [TodoAction] = [
    .setFilter(.active), .setLoading(true), .setLoading(false),
    .addTodo(id: "todo-001", title: "Buy milk"), .addTodo(id: "todo-002", title: "Call mum"),
    .toggleTodo(id: "todo-001"), .setFilter(.all),
  ]

  /// The actions of the crash session before the fatal one.
  nonisolated public static let actionsBeforeCrash: [TodoAction] = [
    .addTodo(id: "todo-001", title: "Buy milk"), .addTodo(id: "todo-002", title: "Call mum"),
    .addTodo(id: "todo-003", title: "Water plants"), .toggleTodo(id: "todo-002"),
    .setFilter(.active), .setLoading(false),
  ]

  /// Records the non-deterministic session with ``NondeterministicTodoReducer`` (ids
  /// from a seeded generator, so the bytes are reproducible).
  ///
  /// - Parameter url: Replaced if it exists.
  /// - Throws: ``LogWriterError`` or the store's recording error.
  public static func recordNondeterministic(to url: URL) throws {
    let random = Mutex(SplitMix64(seed: 0xD1CE))
    let reducer = NondeterministicTodoReducer {
      let bits = random.withLock { $0.next() }
      return String(bits, radix: 16)
    }
    try record(to: url, reducer: reducer, actions: nondeterministicActions, pending: false)
  }

  /// Records the crash session with ``BuggyTodoReducer`` and pending records on, then
  /// dispatches ``fatalAction``, which traps: this never returns normally. Run it in a
  /// child process (`make-fixtures crash`).
  ///
  /// - Parameter url: Replaced if it exists.
  /// - Throws: ``LogWriterError`` or the store's recording error, before the trap.
  public static func recordCrash(to url: URL) throws -> Never {
    let store = try record(
      to: url, reducer: BuggyTodoReducer(), actions: actionsBeforeCrash, pending: true)
    store.send(fatalAction)
    fatalError("BuggyTodoReducer did not trap on \(fatalAction)")
  }

  @discardableResult
  private static func record<R: Reducer>(
    to url: URL, reducer: R, actions: [TodoAction], pending: Bool
  ) throws -> Store<R> where R.State == TodoState, R.Action == TodoAction {
    let clock = SessionClock(start: TodoSessionFixture.startDate)
    let recorder = try LogRecorder(
      url: url, app: TodoSessionFixture.appName, stateType: "TodoState",
      actionType: "TodoAction", clock: { clock.now }, pendingRecords: pending)
    let store = Store(initialState: TodoState(), reducer: reducer, recorder: recorder)
    for action in actions {
      clock.advance(milliseconds: 1250)
      store.send(action)
      if let error = store.recordingError { throw error }
    }
    clock.advance(milliseconds: 1250)
    return store
  }
}
