import Foundation
import TimeTravel

/// The recorded to-do session checked in as `Fixtures/todo-session.jsonl`.
///
/// A seeded script drives ``TodoReducer`` through the real ``Store`` and the real
/// ``LogRecorder`` with a ``SessionClock``, so regenerating gives the same bytes. Each
/// script step is exactly one transition, so step *n* is log entry `seq` *n*. At step
/// ``whitespaceTitleSeq`` the user adds a whitespace-only title (the reducer's
/// intentional bug); that item is never deleted or undone away, so from that entry to
/// the end, and never before, some title matches `^\s*$`.
@MainActor
public enum TodoSessionFixture {
  /// Number of entries (transitions) in the session.
  public static let entryCount = 240
  /// The `seq` of the only entry adding a whitespace-only title.
  public static let whitespaceTitleSeq = 117
  /// The whitespace-only title itself.
  public static let whitespaceTitle = "   "
  /// The header's `created` time: 2026-01-05T09:00:00.000Z.
  public static let startDate = Date(timeIntervalSince1970: 1_767_603_600)
  /// The header's `app`.
  public static let appName = "TodoApp"

  /// Records the session to `url`, replacing any existing file.
  ///
  /// - Parameter url: A file URL whose directory exists.
  /// - Throws: ``LogWriterError`` when the file cannot be opened or written; an
  ///   `EncodingError` should encoding fail.
  /// - Complexity: About 240 transitions; a few milliseconds of encoding and I/O.
  public static func record(to url: URL) throws {
    let clock = SessionClock(start: startDate)
    let recorder = try LogRecorder(
      url: url, app: appName, stateType: "TodoState", actionType: "TodoAction",
      clock: { clock.now })
    let store = Store(initialState: TodoState(), reducer: TodoReducer(), recorder: recorder)
    var script = SessionScript(store: store, clock: clock)
    for step in 1...entryCount {
      script.perform(step: step)
      if let error = store.recordingError { throw error }
    }
    precondition(store.state.todos.contains { $0.title == whitespaceTitle })
    try recorder.close()
  }
}

/// The user's behaviour: one transition per step, chosen by a seeded generator.
@MainActor
private struct SessionScript {
  let store: Store<TodoReducer>
  let clock: SessionClock
  var random = SplitMix64(seed: 0x7D0_2026)
  var titlesUsed = 0
  var isSyncing = false
  var lastStepWasUndo = false
  /// History index of the whitespace-title state; nothing may move the cursor below it.
  var floorIndex = 0
  var protectedID: String?

  init(store: Store<TodoReducer>, clock: SessionClock) {
    self.store = store
    self.clock = clock
  }

  mutating func perform(step: Int) {
    let wasUndo = lastStepWasUndo
    lastStepWasUndo = false
    if step == TodoSessionFixture.whitespaceTitleSeq {
      // Three taps on the space bar, then return.
      pause(1800, jitter: 600)
      let id = nextID()
      store.send(.addTodo(id: id, title: TodoSessionFixture.whitespaceTitle))
      protectedID = id
      floorIndex = store.currentIndex
      return
    }
    if isSyncing {
      pause(1500, jitter: 3500)
      store.send(.setLoading(false))
      isSyncing = false
      return
    }
    if step % 47 == 0 {
      // The user wanders off for a while now and then.
      pause(30_000, jitter: 90_000)
    }
    if step <= 8 || store.state.todos.count < 4 {
      add()
      return
    }
    if wasUndo, random.below(2) == 0, store.canRedo {
      pause(600, jitter: 900)
      store.redo()
      return
    }
    let roll = random.below(100)
    switch roll {
    case ..<30: add()
    case ..<55: toggle()
    case ..<66: changeFilter()
    case ..<79: delete()
    case ..<87:
      pause(600, jitter: 900)
      store.send(.setLoading(true))
      isSyncing = true
    case ..<91: undoOrAdd()
    case ..<93: jumpOrAdd()
    default: toggle()
    }
  }

  private mutating func pause(_ milliseconds: Int, jitter: Int) {
    clock.advance(milliseconds: Int64(milliseconds + random.below(jitter)))
  }

  private mutating func nextID() -> String {
    titlesUsed += 1
    let number = String(titlesUsed)
    return "todo-" + String(repeating: "0", count: max(0, 3 - number.count)) + number
  }

  private mutating func add() {
    let title = TodoSessionFixture.titles[titlesUsed % TodoSessionFixture.titles.count]
    // Typing time grows with the title's length.
    pause(1200 + 90 * title.count, jitter: 1500)
    store.send(.addTodo(id: nextID(), title: title))
  }

  private mutating func toggle() {
    let visible = store.state.filteredTodos
    guard !visible.isEmpty else {
      changeFilter()
      return
    }
    pause(700, jitter: 1800)
    store.send(.toggleTodo(id: visible[random.below(visible.count)].id))
  }

  private mutating func changeFilter() {
    let others = Filter.allCases.filter { $0 != store.state.filter }
    pause(900, jitter: 1200)
    store.send(.setFilter(others[random.below(others.count)]))
  }

  private mutating func delete() {
    let candidates = store.state.filteredTodos.indices.filter {
      store.state.filteredTodos[$0].id != protectedID
    }
    guard !candidates.isEmpty else {
      add()
      return
    }
    var offsets = IndexSet([candidates[random.below(candidates.count)]])
    if candidates.count > 3, random.below(4) == 0 {
      offsets.insert(candidates[random.below(candidates.count)])
    }
    pause(1500, jitter: 2000)
    store.send(.deleteTodos(atOffsets: offsets))
  }

  private mutating func undoOrAdd() {
    guard store.currentIndex - 1 >= floorIndex, store.canUndo else {
      add()
      return
    }
    pause(500, jitter: 700)
    store.undo()
    lastStepWasUndo = true
  }

  private mutating func jumpOrAdd() {
    // Scrubbing the timeline a few states back, or to the newest state if behind.
    let target =
      store.canRedo
      ? store.states.count - 1 : store.currentIndex - 2 - random.below(4)
    guard target >= floorIndex, target != store.currentIndex else {
      add()
      return
    }
    pause(2500, jitter: 4000)
    store.jump(to: target)
  }
}
