/// The profile screen's data source: an actor, as in the MVVM article, whose fetches
/// take a while.
public actor DatabaseManager {
  /// Why a fetch failed.
  public enum FetchError: Error, Equatable, CustomStringConvertible {
    /// No user has this id.
    case notFound(Int)

    /// "no user with id 3".
    public var description: String {
      switch self {
      case .notFound(let id): "no user with id \(id)"
      }
    }
  }

  private let users: [Int: User]
  private let latency: @Sendable (Int) async throws -> Void

  /// Creates a database.
  ///
  /// - Parameters:
  ///   - users: The users it holds.
  ///   - latency: Awaited at the start of each fetch, with the id fetched: one second by
  ///     default; a test passes a ``FetchGate``'s `wait` to decide when each fetch
  ///     returns. It throws `CancellationError` when the fetching task is cancelled.
  public init(
    users: [User],
    latency: @escaping @Sendable (Int) async throws -> Void = { _ in
      try await Task.sleep(for: .seconds(1))
    }
  ) {
    self.users = Dictionary(users.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    self.latency = latency
  }

  /// The user with `id`, after the latency.
  ///
  /// - Parameter id: The user's id.
  /// - Throws: `CancellationError` when the calling task is cancelled during the
  ///   latency; ``FetchError/notFound(_:)`` when no user has `id`.
  public func fetchUser(id: Int) async throws -> User {
    try await latency(id)
    try Task.checkCancellation()
    guard let user = users[id] else { throw FetchError.notFound(id) }
    return user
  }
}
