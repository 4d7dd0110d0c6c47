import Foundation
import Synchronization
import TimeTravel

/// The recorded search session checked in as `Fixtures/search-session.jsonl`.
///
/// The user types `s`, `sw`, then pastes `swift-`; each request's response comes back
/// before the next keystroke, so in the recording the screen never shows results for
/// an old query. Recorded through the real ``Store`` (effects run, their responses
/// carry `origin`) and ``LogRecorder`` with a hand-advanced clock, so regenerating gives
/// the same bytes.
public enum SearchSessionFixture {
  /// The queries typed, one per keystroke entry.
  public static let queries = ["s", "sw", "swift-"]
  /// Entries in the session: each query and its response.
  public static let entryCount = 6
  /// The header's `created` time: 2026-01-05T09:00:00.000Z.
  public static let startDate = Date(timeIntervalSince1970: 1_767_603_600)
  /// What the search client answers from.
  public static let catalog = [
    "Sourcery", "SnapKit", "Starscream", "SwiftyJSON", "SwiftLint", "swift-nio",
    "swift-format", "Alamofire", "Kingfisher",
  ]

  /// Records the session to `url`, replacing any existing file.
  ///
  /// - Parameter url: A file URL whose directory exists.
  /// - Throws: ``LogWriterError`` when the file cannot be opened or written; an
  ///   `EncodingError` should encoding fail.
  /// - Complexity: Six transitions; a few milliseconds.
  @MainActor public static func record(to url: URL) async throws {
    let clock = FixtureClock(start: startDate)
    let recorder = try LogRecorder(
      url: url, app: "SearchApp", stateType: "SearchState", actionType: "SearchAction",
      clock: { clock.now }, pendingRecords: false)
    let latency = SearchClient { query in
      clock.advance(milliseconds: 180 + 40 * Int64(query.count))
      return await SearchClient.catalog.search(query)
    }
    let store = Store(
      initialState: SearchState(), reducer: SearchReducer(client: latency), recorder: recorder)
    for query in queries {
      clock.advance(milliseconds: query.count == 1 ? 900 : 600)
      store.send(.queryChanged(query))
      // Until the response is applied and its effect has ended (its end record written).
      while store.state.resultsQuery != query || store.runningEffectCount > 0 {
        await Task.yield()
      }
      if let error = store.recordingError { throw error }
    }
    try recorder.close()
  }
}

/// A clock that moves only when told, so the session's times are reproducible.
final class FixtureClock: Sendable {
  private let start: Date
  private let elapsed = Mutex<Int64>(0)

  init(start: Date) { self.start = start }

  var now: Date { start.addingTimeInterval(Double(elapsed.withLock { $0 }) / 1000) }

  func advance(milliseconds: Int64) { elapsed.withLock { $0 += milliseconds } }
}
