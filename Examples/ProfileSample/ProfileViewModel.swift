import Observation
import TimeTravel

/// The profile screen's state, as the view model exposes it for recording.
public struct ProfileState: Codable, Equatable, Sendable {
  /// The user shown, once fetched.
  public var user: User?
  /// Whether a fetch is in flight.
  public var isLoading: Bool
  /// Why the last fetch failed.
  public var errorMessage: String?

  /// Creates a state.
  ///
  /// - Parameters:
  ///   - user: The user shown.
  ///   - isLoading: Whether a fetch is in flight.
  ///   - errorMessage: Why the last fetch failed.
  public init(user: User? = nil, isLoading: Bool = false, errorMessage: String? = nil) {
    self.user = user
    self.isLoading = isLoading
    self.errorMessage = errorMessage
  }
}

/// What is recorded as the profile screen's entries' actions: its intents, and what its
/// tasks report.
public enum ProfileAction: Codable, Equatable, Sendable {
  /// Intent: show the user with this id.
  case fetchUser(id: Int)
  /// Intent: the view went away; stop what is in flight.
  case cancelTasks
  /// A fetch returned this user.
  case userLoaded(User)
  /// A fetch failed with this message.
  case fetchFailed(String)
}

/// The MVVM article's profile screen: a `@MainActor` view model whose intents are
/// synchronous methods that start `Task`s against an `actor`, keeps the tasks in an
/// array, and cancels them when the view goes away, recorded with a
/// `ViewModelRecorder`.
@MainActor
@Observable
public final class ProfileViewModel {
  /// The user shown, once fetched.
  public private(set) var user: User?
  /// Whether a fetch is in flight.
  public private(set) var isLoading = false
  /// Why the last fetch failed.
  public private(set) var errorMessage: String?

  /// Records the session; records nothing when created without a recorder.
  @ObservationIgnored public let recording: ViewModelRecorder<ProfileState, ProfileAction>
  @ObservationIgnored private let database: DatabaseManager
  @ObservationIgnored private var tasks: [Task<Void, Never>] = []

  /// Creates the view model.
  ///
  /// - Parameters:
  ///   - database: Where users come from.
  ///   - recorder: Where the session is recorded; `nil` records nothing.
  public init(database: DatabaseManager, recorder: (any Recorder)? = nil) {
    self.database = database
    recording = ViewModelRecorder(recorder: recorder)
    recording.snapshot = { [unowned self] in state }
  }

  /// The state as a value, for recording.
  public var state: ProfileState {
    ProfileState(user: user, isLoading: isLoading, errorMessage: errorMessage)
  }

  /// The number of tasks in flight that ``cancelTasks()`` would cancel.
  public var taskCount: Int { tasks.count }

  /// Intent: fetch and show the user with `id`.
  ///
  /// - Parameter id: The user's id.
  public func fetchUser(id: Int) {
    recording.intent(.fetchUser(id: id)) {
      isLoading = true
      errorMessage = nil
      let task = recording.task { [database] task in
        do {
          let user = try await database.fetchUser(id: id)
          task.change(.userLoaded(user)) {
            self.user = user
            self.isLoading = false
          }
        } catch let error as DatabaseManager.FetchError {
          task.change(.fetchFailed(error.description)) {
            self.errorMessage = error.description
            self.isLoading = false
          }
        }
      }
      tasks.append(task)
    }
  }

  /// Intent: the view went away; cancel every task in flight.
  public func cancelTasks() {
    recording.intent(.cancelTasks) {
      tasks.forEach { $0.cancel() }
      tasks = []
      isLoading = false
    }
  }
}
