import Foundation
import ReplayLive
import TestSupport
import Testing
import TimeTravel

/// A listener on a loopback port the system picked, saving to a temporary folder, and
/// the events it reported so far: what each live test starts from.
final class LiveHarness: @unchecked Sendable {
  // @unchecked: `seen` is touched only by the test that owns the harness.
  let directory: URL
  private(set) var listener: LiveListener
  private(set) var seen: [LiveEvent] = []

  /// 2026-01-05T09:00:00.000Z, every time: logs with exact bytes.
  static let fixedClock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_767_603_600) }
  static let time = "2026-01-05T09:00:00.000Z"

  /// Seconds a live test waits for what should come at once: a line, an event, an answer,
  /// an app's hello or its next line before the listener drops it as idle. Long, since
  /// the whole test run shares the cooperative thread pool (two threads on a 2-core
  /// machine): while other suites' synchronous tests hold it, a step of a live test can
  /// wait for minutes, and a limit of a minute failed full runs with nothing wrong. A
  /// test of a limit sets its own; a real hang still ends at ``liveHangGuard``.
  static let patience: Double = 300

  init(
    host: String = "127.0.0.1", port: Int = 0, token: String? = nil,
    limits: LiveLimits = LiveLimits(idleSeconds: patience, helloSeconds: patience),
    directory: URL? = nil
  ) throws {
    self.directory =
      directory
      ?? Scratch.folder.appendingPathComponent("live-\(UUID().uuidString)")
    listener = try LiveListener(
      LiveConfiguration(
        address: LiveAddress(host: host, port: port), token: token, directory: self.directory,
        limits: limits))
  }

  deinit {
    listener.stop()
  }

  /// Removes the folder (a harness sharing it with another leaves it).
  func removeDirectory() {
    try? FileManager.default.removeItem(at: directory)
  }

  /// `127.0.0.1:PORT`.
  var address: String { listener.address.description }

  /// Stops this listener and starts another on the same port and folder.
  func restart() throws {
    listener.stop()
    drain()
    listener = try LiveListener(listener.configuration.with(port: listener.address.port))
  }

  /// Reads events until `predicate` holds for all seen so far, never blocking a thread
  /// of the cooperative pool (other tests run on it).
  /// - Throws: When it does not within `timeout` seconds, listing what was seen.
  @discardableResult
  func wait(
    _ what: String, timeout: Double = LiveHarness.patience, _ predicate: ([LiveEvent]) -> Bool
  ) async throws -> [LiveEvent] {
    let deadline = Date().addingTimeInterval(timeout)
    while !predicate(seen) {
      guard Date() < deadline else {
        throw HarnessError(message: "timed out waiting for \(what); saw \(seen.map(Self.brief))")
      }
      if !drain() { try await Task.sleep(for: .milliseconds(2)) }
    }
    return seen
  }

  /// Takes the events there are now, without waiting; whether there were any.
  @discardableResult
  func drain() -> Bool {
    var any = false
    while let event = listener.next(timeout: 0) {
      seen.append(event)
      any = true
    }
    return any
  }

  /// Waits until a session has saved a line whose text satisfies `match`.
  func waitForLine(
    _ what: String, timeout: Double = LiveHarness.patience, _ match: @escaping (String) -> Bool
  )
    async throws
  {
    try await wait(what, timeout: timeout) { events in
      events.contains {
        if case .line(_, let bytes, _) = $0 { return match(String(decoding: bytes, as: UTF8.self)) }
        return false
      }
    }
  }

  /// The sessions that connected, in order.
  var sessions: [LiveSession] {
    var result: [LiveSession] = []
    for case .connected(let session, _, _) in seen where !result.contains(session) {
      result.append(session)
    }
    return result
  }

  /// The lines the session's file holds now.
  static func fileLines(_ url: URL) throws -> [String] {
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  static func brief(_ event: LiveEvent) -> String {
    switch event {
    case .line(_, let bytes, let line):
      "line \(line): \(String(decoding: bytes.prefix(80), as: UTF8.self))"
    default: "\(event)"
    }
  }
}

struct HarnessError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

extension LiveConfiguration {
  func with(port: Int) -> LiveConfiguration {
    var copy = self
    copy.address.port = port
    return copy
  }
}

/// Waits (polling, at most `timeout` seconds, without blocking a thread) until
/// `condition` holds.
func eventually(
  _ what: String, timeout: Double = LiveHarness.patience, _ condition: () throws -> Bool
) async throws {
  let deadline = Date().addingTimeInterval(timeout)
  while try !condition() {
    guard Date() < deadline else { throw HarnessError(message: "timed out waiting for \(what)") }
    try await Task.sleep(for: .milliseconds(5))
  }
}

/// The counter's header and entries as a streaming recorder with the fixed clock writes them.
enum CounterLines {
  static let header =
    #"{"format":"replay-log","version":1,"app":"Counter","stateType":"CounterState","actionType":"CounterAction","created":"2026-01-05T09:00:00.000Z","closingRecord":true,"durability":"asynchronous","nils":"null"}"#

  /// Entry `seq` of a session of increments.
  static func increment(_ seq: Int) -> String {
    #"{"seq":\#(seq),"time":"2026-01-05T09:00:00.000Z","action":{"increment":{}},"prior":{"count":\#(seq - 1)},"next":{"count":\#(seq)}}"#
  }

  static func closing(_ lastSeq: Int, by: String = "close") -> String {
    #"{"closed":true,"lastSeq":\#(lastSeq),"time":"2026-01-05T09:00:00.000Z","by":"\#(by)"}"#
  }
}

/// The listener's next event, polled without blocking a thread; `nil` after `timeout` s.
func nextEvent(_ listener: LiveListener, timeout: Double) async -> LiveEvent? {
  let deadline = Date().addingTimeInterval(timeout)
  while Date() < deadline {
    if let event = listener.next(timeout: 0) { return event }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return nil
}
