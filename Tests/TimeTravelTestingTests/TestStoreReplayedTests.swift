import LoginReducer
import TestSupport
import Testing
import TimeTravelTesting

@testable import TimeTravel

/// A test store with `effects: .replayed` runs no effect: the test delivers what effects
/// sent, each checked against an effect started and not yet finished, synchronously.
@MainActor
struct TestStoreReplayedTests {
  static func ticker() -> (TestStore<Ticker>, Collector<String>) {
    let runs = Collector<String>()
    let store = TestStore(
      initialState: TickerState(), reducer: Ticker(runs: runs, delay: .milliseconds(1)),
      effects: .replayed)
    return (store, runs)
  }

  @Test func effectsDoNotRunAndWhatTheySentIsDelivered() async throws {
    let (store, runs) = Self.ticker()
    store.send(.start("a", ticks: 2)) { $0.log = ["start a"] }
    #expect(store.replayedEffects == ["a"])
    store.receive(.tick("a", 1), from: "a") { $0.log.append("a 1") }
    store.receive(.tick("a", 2), from: "a") { $0.log.append("a 2") }
    // An Effect.send ends with its one action.
    store.send(.echo("hi"))
    #expect(store.replayedEffects == ["a", "send"])
    store.receive(.tick("hi", 0), from: "send") { $0.log.append("hi 0") }
    #expect(store.replayedEffects == ["a"])
    await store.finish()
    // Nothing ran, even given time to.
    try await Task.sleep(for: .milliseconds(20))
    #expect(runs.values == [])
    #expect(store.store.runningEffectCount == 0)
    #expect(store.state.log == ["start a", "a 1", "a 2", "hi 0"])
  }

  /// The login's failing client is never called: the response comes from the test, as a
  /// generated test has it from the log.
  @Test func theLoginNeedsNoClient() {
    let store = TestStore(initialState: LoginState(), reducer: LoginReducer(), effects: .replayed)
    store.send(.emailChanged("a@b.c")) { $0.email = "a@b.c" }
    store.send(.passwordChanged("secret")) { $0.password = "secret" }
    store.send(.submit) { $0.isLoading = true }
    #expect(store.replayedEffects == ["login"])
    store.receive(.loginResponse(.success(userID: "user-5")), from: "login") {
      $0.isLoading = false
      $0.password = ""
    }
    // A new submit cancels the one in flight (cancelInFlight): one login runs.
    store.send(.passwordChanged("again")) { $0.password = "again" }
    store.send(.submit) { $0.isLoading = true }
    store.send(.submit)
    #expect(store.replayedEffects == ["login"])
  }

  @Test func anActionFromAnEffectNotRunningIsReported() {
    let (store, _) = Self.ticker()
    store.send(.start("a", ticks: 1)) { $0.log = ["start a"] }
    store.send(.stop("a"))
    #expect(store.replayedEffects == [])
    withKnownIssue {
      store.receive(.tick("a", 1), from: "a") { $0.log.append("a 1") }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        #"Received TestSupport.TickerAction.tick("a", 1) from the effect "a", but no effect of that name was started and not finished: no effect is running"#
      ]
    }
    // Delivered all the same, so later steps check what the log says happened.
    #expect(store.state.log == ["start a", "a 1"])
    store.send(.start("b", ticks: 1)) { $0.log.append("start b") }
    withKnownIssue {
      store.receive(.tick("a", 2), from: "a") { $0.log.append("a 2") }
    } matching: { issue in
      issue.comments.map(\.rawValue).first?.hasSuffix(
        #"the effect running is "b" (started by transition 4)"#) == true
    }
  }

  @Test func aStateMismatchIsReportedAsForSend() {
    let (store, _) = Self.ticker()
    store.send(.start("a", ticks: 1)) { $0.log = ["start a"] }
    withKnownIssue {
      store.receive(.tick("a", 1), from: "a") { $0.log.append("a 9") }
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix("A state change does not match expectation") == true
    }
  }

  @Test func aLiveStoreSaysToAwaitInstead() async {
    let store = TestStore(
      initialState: TickerState(), reducer: Ticker(runs: Collector(), delay: .milliseconds(1)))
    withKnownIssue {
      store.receive(.tick("a", 1), from: "a")
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix("receive(_:from:) delivers what an effect sent")
        == true
    }
  }
}
