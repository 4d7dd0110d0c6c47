import TimeTravel

/// Search as you type: each keystroke starts a request, and each response shows its
/// results. The sample for `replay --races`.
///
/// - Important: The reducer has the classic race of this architecture, on purpose: a
///   response is applied without checking that its query is still the current one, and
///   requests are not cancelled when a new one starts (no
///   `cancellable(id:cancelInFlight: true)`). When responses arrive in order, as in the
///   recorded fixture (`Fixtures/search-session.jsonl`), the screen is always consistent
///   (`.resultsQuery == null or .resultsQuery == .query`); a response that arrives after
///   the next keystroke shows results for an old query. Do not fix it here.
public struct SearchReducer: EffectReducer {
  /// The screen's state.
  public typealias State = SearchState
  /// The screen's events.
  public typealias Action = SearchAction

  private let client: SearchClient

  /// Creates the reducer.
  ///
  /// - Parameter client: Answers queries; ``SearchClient/unimplemented`` by default,
  ///   which replay uses (it never runs effects).
  public init(client: SearchClient = .unimplemented) {
    self.client = client
  }

  /// Applies `action`: a new query clears the results and, when not empty, returns the
  /// request; a response shows its results.
  ///
  /// - Parameters:
  ///   - state: The current state on input, the next on output.
  ///   - action: The event to apply.
  /// - Returns: The request, named `search` in the log's `origin`, for a non-empty
  ///   query; otherwise ``Effect/none``.
  public func reduce(into state: inout SearchState, action: SearchAction) -> Effect<SearchAction> {
    switch action {
    case .queryChanged(let query):
      // Results for the old query go while the new ones load.
      state.query = query
      state.results = []
      state.resultsQuery = nil
      state.isSearching = !query.isEmpty
      guard !query.isEmpty else { return .none }
      let client = client
      return .run(name: "search") { send in
        let results = await client.search(query)
        await send(.searchResponse(query: query, results: results))
      }
    case .searchResponse(let query, let results):
      // The bug, on purpose: this should first check `query == state.query`.
      state.results = results
      state.resultsQuery = query
      state.isSearching = false
      return .none
    }
  }
}

/// The search dependency, injected so tests and replay never reach a server (the TCA
/// dependency-client pattern).
public struct SearchClient: Sendable {
  /// Answers a query with result titles.
  public var search: @Sendable (_ query: String) async -> [String]

  /// Wraps a search function.
  ///
  /// - Parameter search: Called once per request, off the main actor.
  public init(search: @escaping @Sendable (_ query: String) async -> [String]) {
    self.search = search
  }

  /// Answers nothing: for replay, where effects never run.
  public static let unimplemented = SearchClient { _ in [] }

  /// Answers from ``SearchSessionFixture/catalog``: the titles containing the query,
  /// ignoring case, at most three.
  public static let catalog = SearchClient { query in
    let query = query.lowercased()
    return Array(SearchSessionFixture.catalog.filter { $0.lowercased().contains(query) }.prefix(3))
  }
}
