import Foundation
import Synchronization
import TimeTravel

/// The scripted session the sample records: the screen appears (the price watch starts),
/// two products are added, Pay is tapped; the payment effect sends the charge and a refund
/// of 1,500 cents on a total of 1,200, so the total ends at −300; the price watch is still
/// running when the log is closed.
public enum CheckoutSession {
  /// The fixed clock of the sample's log: 2026-01-05T09:00:00Z, one second per reading.
  public static func clock() -> @Sendable () -> Date {
    let ticks = Ticks()
    return { Date(timeIntervalSince1970: 1_767_603_600 + Double(ticks.next())) }
  }

  /// Plays the session, recording to `recorder`.
  ///
  /// - Parameter recorder: Where the session goes.
  /// - Returns: The store at the end, its price watch still running.
  @MainActor
  public static func play(recordingTo recorder: some Recorder) async -> Store<CheckoutReducer> {
    let store = Store(initialState: CheckoutState(), reducer: CheckoutReducer(), recorder: recorder)
    let view = CheckoutView(store: store)
    view.appeared()
    view.addTapped("Coffee beans", price: 900)
    view.addTapped("Filter papers", price: 300)
    view.payTapped()
    // Until the payment effect has sent both actions and ended; the price watch runs on.
    while store.state.total >= 0 || store.runningEffectCount > 1 {
      try? await Task.sleep(for: .milliseconds(1))
    }
    return store
  }

  /// Records the session to the file at `url` with sites and effect records, and closes
  /// the log with the price watch still running.
  ///
  /// - Parameter url: The log file, truncated.
  /// - Throws: What the recorder throws.
  @MainActor
  public static func record(to url: URL) async throws {
    let recorder = try LogRecorder(
      url: url, app: "CheckoutSample", stateType: "CheckoutState",
      actionType: "CheckoutAction", clock: clock(), recordsSites: true, recordsEffects: true)
    let store = await play(recordingTo: recorder)
    try recorder.close()
    withExtendedLifetime(store) {}
  }
}

/// A counter shared by the clock's readings.
private final class Ticks: Sendable {
  private let count = Mutex(0)

  func next() -> Int {
    count.withLock { count in
      defer { count += 1 }
      return count
    }
  }
}
