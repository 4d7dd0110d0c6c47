import Foundation
import LoginReducer
import TestSupport
import Testing
import TimeTravelTesting
import TodoReducer

@testable import TimeTravel
@testable import TimeTravelJSON

@MainActor
struct TestStoreTests {
  @Test func sendUndoRedoAndJumpMatchTheirExpectations() {
    let store = TestStore(initialState: CounterState(), reducer: counterReducer)
    store.send(.increment) { $0.count = 1 }
    store.send(.add(5)) { $0.count = 6 }
    store.undo { $0.count = 1 }
    store.redo { $0.count = 6 }
    store.jump(to: 0) { $0.count = 0 }
    store.jump(to: 2) { $0.count = 6 }
    // Branching after an undo drops the redo branch.
    store.undo { $0.count = 1 }
    store.send(.add(10)) { $0.count = 11 }
    #expect(store.store.states == [CounterState(count: 0), .init(count: 1), .init(count: 11)])
    #expect(store.store.canRedo == false)
  }

  @Test func aMismatchIsReportedWithTheDiffAsTCADoes() {
    let store = TestStore(initialState: CounterState(), reducer: counterReducer)
    withKnownIssue {
      store.send(.add(2)) { $0.count = 3 }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        A state change does not match expectation: …

            {
          −   "count": 3
          +   "count": 2  // /count
            }

        (Expected: −, Actual: +)
        """
      ]
    }
  }

  @Test func anImpossibleMoveIsReported() {
    let store = TestStore(initialState: CounterState(), reducer: counterReducer)
    withKnownIssue {
      store.redo { _ in }
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["redo did nothing: the history is at index 0 of 0…0"]
    }
  }

  @Test func aStoreRebuiltFromTheLogHasItsHistoryAtEntryK() throws {
    let log = try LogFile(path: Repo.fixture)
    // Entry 120 of the fixture; its history includes earlier undo and jump moves.
    let store = try Store(replaying: log, reducer: TodoReducer(), upTo: 120)
    let recorded = try JSONValueCoding.decode(TodoState.self, from: log.state(120))
    #expect(store.state == recorded)
    #expect(store.state.todos.contains { $0.title == TodoSessionFixture.whitespaceTitle })
    let testStore = TestStore(store)
    let before = try JSONValueCoding.decode(TodoState.self, from: log.state(119))
    #expect(try log.entry(120).actionName == "addTodo")
    testStore.undo { $0 = before }
    testStore.redo { $0 = recorded }
  }

  @Test func aStoreRebuiltAtEntryZeroIsTheInitialState() throws {
    let store = try Store(replaying: LogFile(path: Repo.fixture), reducer: TodoReducer(), upTo: 0)
    #expect(store.state == TodoState())
    #expect(store.states.count == 1)
  }

  // MARK: Actions effects send

  static func ticker(delay: Duration = .milliseconds(1)) -> TestStore<Ticker> {
    TestStore(initialState: TickerState(), reducer: Ticker(runs: Collector(), delay: delay))
  }

  /// `TestSupport/Ticker.swift:N`, N the line of the Ticker's code holding `text`: where
  /// its effects send, which failures about received actions name.
  static func tickerSite(_ text: String) throws -> String {
    let source = try String(
      contentsOf: Repo.root.appendingPathComponent("Tests/TestSupport/Ticker.swift"),
      encoding: .utf8)
    let lines = source.components(separatedBy: "\n")
    let index = try #require(lines.firstIndex { $0.contains(text) })
    return "TestSupport/Ticker.swift:\(index + 1)"
  }

  @Test func actionsEffectsSendAreReceivedInOrder() async {
    let store = Self.ticker()
    store.send(.start("a", ticks: 2)) { $0.log = ["start a"] }
    await store.receive(.tick("a", 1)) { $0.log.append("a 1") }
    await store.receive(.tick("a", 2)) { $0.log.append("a 2") }
    await store.finish()
    #expect(store.state.log == ["start a", "a 1", "a 2"])
  }

  /// The state `send` checks is the one right after its action, even when an effect
  /// sends another at once; that one is received.
  @Test func anActionSentAtOnceIsReceivedToo() async {
    let store = Self.ticker()
    store.send(.echo("hi"))
    await store.receive(.tick("hi", 0)) { $0.log = ["hi 0"] }
    await store.finish()
  }

  @Test func theLoginEffectsResponseIsReceived() async {
    let client = LoginClient { email, _ in "user-\(email.count)" }
    let store = TestStore(initialState: LoginState(), reducer: LoginReducer(client: client))
    store.send(.emailChanged("a@b.c")) { $0.email = "a@b.c" }
    store.send(.passwordChanged("secret")) { $0.password = "secret" }
    store.send(.submit) { $0.isLoading = true }
    await store.receive(.loginResponse(.success(userID: "user-5"))) {
      $0.isLoading = false
      $0.password = ""
    }
    await store.finish()
  }

  @Test func aDifferentActionIsReported() async throws {
    let site = try Self.tickerSite("await send(.tick(name, tick))")
    let store = Self.ticker()
    store.send(.start("a", ticks: 1)) { $0.log = ["start a"] }
    await withKnownIssue {
      await store.receive(.tick("a", 2))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        #"Received an unexpected action: expected TestSupport.TickerAction.tick("a", 2), received TestSupport.TickerAction.tick("a", 1), sent by the effect "a" at \#(site)"#
      ]
    }
    await store.finish()
  }

  @Test func noActionWithinTheTimeoutIsReported() async {
    let store = Self.ticker(delay: Ticker.never)
    store.send(.start("slow", ticks: 1)) { $0.log = ["start slow"] }
    await withKnownIssue {
      await store.receive(.tick("slow", 1), timeout: .milliseconds(20))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        #"Expected to receive TestSupport.TickerAction.tick("slow", 1), but no action was received within 0.02 seconds"#
      ]
    }
    store.store.send(.stop("slow"))
  }

  /// With no effect running, nothing can come: `receive` fails at once, not after its
  /// timeout.
  @Test func receivingWithNoEffectRunningFailsAtOnce() async {
    let store = Self.ticker()
    await withKnownIssue {
      // Without the early exit, this would fail after 5 s with the timeout's message.
      await store.receive(.tick("a", 1), timeout: .seconds(5))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        #"Expected to receive TestSupport.TickerAction.tick("a", 1), but no effect is running that could send it"#
      ]
    }
  }

  @Test func sendingWhileActionsWaitIsReported() async throws {
    let site = try Self.tickerSite("return .send(.tick(text, 0))")
    let store = Self.ticker()
    store.send(.echo("x"))
    withKnownIssue {
      store.send(.echo("y"))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        #"Must handle 1 received action before sending an action: TestSupport.TickerAction.tick("x", 0) (sent by the effect "send" at \#(site))"#
      ]
    }
    store.skipReceivedActions()
    await store.finish()
  }

  @Test func finishReportsRunningEffectsAndUnassertedActions() async throws {
    let site = try Self.tickerSite("return .send(.tick(text, 0))")
    let store = Self.ticker(delay: Ticker.never)
    store.send(.start("slow", ticks: 1)) { $0.log = ["start slow"] }
    store.send(.echo("z"))
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(20))
    } matching: { issue in
      let comments = issue.comments.map(\.rawValue)
      return comments == ["An effect is still running after 0.02 seconds"]
        || comments == [
          #"1 received action not asserted: TestSupport.TickerAction.tick("z", 0) (sent by the effect "send" at \#(site))"#
        ]
    }
    store.store.send(.stop("slow"))
  }
}
