import TimeTravel

/// The scripted session of the profile screen that the sample records: a slow fetch of
/// user 1 is cancelled when the view goes away, then a fetch of user 2 completes. Each
/// step waits for the one before it through a ``FetchGate``, never for a time.
public enum ProfileSession {
  /// The users of the sample database.
  public static let users = [User(id: 1, name: "Ada Lovelace"), User(id: 2, name: "Alan Turing")]

  /// Plays the session against a view model recording to `recorder`.
  ///
  /// - Parameter recorder: Where the session is recorded.
  /// - Returns: The view model at the end: user 2 shown, nothing in flight.
  @MainActor
  public static func play(recordingTo recorder: any Recorder) async -> ProfileViewModel {
    let gate = FetchGate()
    let database = DatabaseManager(users: users, latency: { id in try await gate.wait(id) })
    let viewModel = ProfileViewModel(database: database, recorder: recorder)
    viewModel.fetchUser(id: 1)
    await gate.arrival(of: 1)
    viewModel.cancelTasks()
    await viewModel.recording.waitForTasks()
    viewModel.fetchUser(id: 2)
    await gate.arrival(of: 2)
    gate.open(2)
    await viewModel.recording.waitForTasks()
    return viewModel
  }
}
