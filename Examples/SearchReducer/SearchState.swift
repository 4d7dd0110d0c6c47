/// The search screen: what the user typed, and the results shown with the query they
/// were fetched for. Encodes as
/// `{"isSearching":false,"query":"sw","results":["swift-nio"],"resultsQuery":"sw"}`.
public struct SearchState: Codable, Equatable, Sendable {
  /// The text in the search field.
  public var query: String
  /// The results shown.
  public var results: [String]
  /// The query ``results`` answer; `nil` before any results. The screen is consistent
  /// when it is `nil` or equal to ``query``.
  public var resultsQuery: String?
  /// Whether a request is in flight.
  public var isSearching: Bool

  /// Creates a state; the default is the empty screen.
  ///
  /// - Parameters:
  ///   - query: The search field's text.
  ///   - results: The results shown.
  ///   - resultsQuery: The query they answer.
  ///   - isSearching: Whether a request is in flight.
  public init(
    query: String = "", results: [String] = [], resultsQuery: String? = nil,
    isSearching: Bool = false
  ) {
    self.query = query
    self.results = results
    self.resultsQuery = resultsQuery
    self.isSearching = isSearching
  }
}

/// What the user and the search request do. Encodes like Swift's synthesized `Codable`
/// for enums: `{"queryChanged":{"_0":"sw"}}`,
/// `{"searchResponse":{"query":"sw","results":["swift-nio"]}}`.
public enum SearchAction: Codable, Equatable, Sendable {
  /// The user edited the search field; a non-empty query starts a request.
  case queryChanged(String)
  /// A request's answer: the results for `query`.
  case searchResponse(query: String, results: [String])
}
