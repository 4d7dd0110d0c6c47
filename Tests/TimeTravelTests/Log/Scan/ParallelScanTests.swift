import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import TimeTravel

/// A scan on several threads gives exactly what a sequential read gives: the same
/// summary, the same entries in the same order, the same first error, on every fixture,
/// on every irregular log, and on fuzzed logs; and it streams, stops and stays bounded.
@Suite struct ParallelScanTests {
  /// Thread counts and chunk sizes: one line per chunk, a few lines, and the default.
  static let configurations: [(threads: Int, chunkBytes: Int)] = [
    (1, 1), (2, 1), (3, 700), (8, 1), (2, LogFile.scanChunkBytes),
  ]

  /// A summary, or the error, as text that compares everything.
  static func describe(_ result: Result<LogSummary, any Error>) -> String {
    switch result {
    case .success(let s):
      return "\(s.entryCount) \(s.firstTime ?? "-") \(s.lastTime ?? "-") "
        + "\(s.actionCounts.map { "\($0.name)=\($0.count)" }) \(s.warnings.map(\.description))"
    case .failure(let error): return "error: \(error)"
    }
  }

  /// The tree scan's summary beside the fast scan's for every configuration.
  static func checkSummaries(_ log: LogFile, _ name: String) {
    let expected = describe(Result { try LogSummary(scanning: log) })
    for (threads, chunkBytes) in configurations {
      let fast = describe(
        Result {
          try LogSummary(
            fastScanning: log, threads: threads, including: nil, chunkBytes: chunkBytes)
        })
      #expect(fast == expected, "\(name), \(threads) threads, chunks of \(chunkBytes) bytes")
    }
  }

  @Test(arguments: ScanTestLogs.cases.indices)
  func theSummaryIsTheSequentialTreeScans(index: Int) throws {
    let (name, text) = ScanTestLogs.cases[index]
    Self.checkSummaries(try ScanTestLogs.log(text), name)
    // From a file too: chunks read with pread.
    let temp = try TempLog(text)
    Self.checkSummaries(try LogFile(path: temp.path), name + " (file)")
  }

  @Test(arguments: ScanTestLogs.cases.indices)
  func aFilteredSummaryIsTheSequentialTreeScans(index: Int) throws {
    let (name, text) = ScanTestLogs.cases[index]
    let log = try ScanTestLogs.log(text)
    struct Odd: Error {}
    let filters: [(String, @Sendable (LogEntry) throws -> Bool)] = [
      ("count", { $0.next["count"]?.numberValue?.intValue ?? 0 > 10 }),
      (
        "throws at 17",
        { entry in
          if entry.seq == 17 { throw Odd() }
          return entry.seq % 2 == 0
        }
      ),
    ]
    for (label, include) in filters {
      let expected = Self.describe(Result { try LogSummary(scanning: log, including: include) })
      for (threads, chunkBytes) in Self.configurations {
        let fast = Self.describe(
          Result {
            try LogSummary(
              fastScanning: log, threads: threads,
              including: { line in try include(try line.entry()) }, chunkBytes: chunkBytes,
              tree: include)
          })
        #expect(fast == expected, "\(name), \(label), \(threads) threads, \(chunkBytes) bytes")
      }
    }
  }

  @Test(arguments: ScanTestLogs.fixtures)
  func theSummaryOfEachFixtureIsTheSequentialTreeScans(path: String) throws {
    Self.checkSummaries(try LogFile(path: path), path)
  }

  /// Every entry through `scan`, with the error that ends it.
  static func scanned(_ log: LogFile, threads: Int, chunkBytes: Int) -> [String] {
    var seen: [String] = []
    do {
      try log.scan(
        nil, threads: threads, chunkBytes: chunkBytes, read: { line in try line.entry() }
      ) {
        position, entry in
        seen.append("\(position): \(entry.seq) \(entry.jsonValue)")
        return true
      }
    } catch {
      seen.append("error: \(error)")
    }
    return seen
  }

  /// Every entry through `entry(_:)`, stopping at the first error.
  static func sequential(_ log: LogFile) -> [String] {
    var seen: [String] = []
    for position in log.positions {
      do {
        let entry = try log.entry(position)
        seen.append("\(position): \(entry.seq) \(entry.jsonValue)")
      } catch {
        seen.append("error: \(error)")
        break
      }
    }
    return seen
  }

  @Test(arguments: ScanTestLogs.cases.indices)
  func scanningGivesTheEntriesInOrderAndTheFirstError(index: Int) throws {
    let (name, text) = ScanTestLogs.cases[index]
    let log = try ScanTestLogs.log(text)
    let expected = Self.sequential(log)
    #expect(!expected.isEmpty)
    for (threads, chunkBytes) in Self.configurations {
      #expect(
        Self.scanned(log, threads: threads, chunkBytes: chunkBytes) == expected,
        "\(name), \(threads) threads, chunks of \(chunkBytes)")
    }
  }

  @Test func theMalformedLogsFirstErrorIsItsFirstBadLine() throws {
    let text = ScanTestLogs.cases.first { $0.name == "malformed lines" }!.text
    let scanned = Self.scanned(try ScanTestLogs.log(text), threads: 4, chunkBytes: 1)
    #expect(scanned.count == 26)
    #expect(
      scanned.last
        == "error: LOG:26:190: not valid JSON: unterminated string starting at column 180")
  }

  @Test func stoppingConsumesNothingAfter() throws {
    let log = try LogFile(path: Repo.fixture)
    for stopAt in [1, 2, 7, 100, 239] {
      var consumed: [Int] = []
      try log.scan(nil, threads: 4, chunkBytes: 1, read: { line in line.position }) {
        position, value in
        #expect(position == value)
        consumed.append(position)
        return consumed.count < stopAt
      }
      #expect(consumed == Array(1...stopAt))
    }
  }

  @Test func aThrowingConsumerEndsTheScanWithItsError() throws {
    struct Stop: Error {}
    let log = try LogFile(path: Repo.fixture)
    var consumed = 0
    #expect(throws: Stop.self) {
      try log.scan(nil, threads: 3, chunkBytes: 1, read: { _ in 0 }) { position, _ in
        consumed = position
        if position == 50 { throw Stop() }
        return true
      }
    }
    #expect(consumed == 50)
  }

  @Test func theFirstResultIsConsumedBeforeTheScanEndsAndReadsStayBounded() throws {
    let log = try LogFile(path: Repo.fixture)
    let reads = Atomic<Int>(0)
    var readsAtFirst: Int?
    var mostAhead = 0
    try log.scan(
      nil, threads: 2, chunkBytes: 1,
      read: { _ in
        reads.wrappingAdd(1, ordering: .relaxed)
      }
    ) { position, _ in
      let done = reads.load(ordering: .relaxed)
      if readsAtFirst == nil { readsAtFirst = done }
      mostAhead = max(mostAhead, done - position)
      return true
    }
    // One line per chunk, 4 × 2 slots: at most 8 chunks read ahead, plus the one a
    // worker claims as the consumer frees a slot.
    #expect(try #require(readsAtFirst) <= 9)
    #expect(mostAhead <= 9)
    #expect(reads.load(ordering: .relaxed) == log.entryCount)
  }

  @Test func threadCountsComeFromTheEnvironment() {
    #expect(ScanThreads.count(environment: ["REPLAY_THREADS": "1"]) == 1)
    #expect(ScanThreads.count(environment: ["REPLAY_THREADS": "3"]) == 3)
    #expect(ScanThreads.count(environment: ["REPLAY_THREADS": "1000"]) == ScanThreads.limit)
    let machine = max(1, ProcessInfo.processInfo.activeProcessorCount)
    #expect(ScanThreads.count(environment: ["REPLAY_THREADS": "0"]) == min(machine, 64))
    #expect(ScanThreads.count(environment: ["REPLAY_THREADS": "two"]) == min(machine, 64))
    #expect(ScanThreads.count(environment: [:]) == min(machine, 64))
  }

  @Test func settingsComeFromTheEnvironment() {
    #expect(
      ScanSettings(environment: ["REPLAY_THREADS": "3", "REPLAY_SCAN_CHUNK_BYTES": "700"])
        == ScanSettings(threads: 3, chunkBytes: 700))
    #expect(
      ScanSettings(environment: ["REPLAY_THREADS": "1", "REPLAY_SCAN_CHUNK_BYTES": "0"])
        == ScanSettings(threads: 1, chunkBytes: 1 << 20))
    #expect(ScanSettings(environment: ["REPLAY_SCAN_CHUNK_BYTES": "x"]).chunkBytes == 1 << 20)
    #expect(ScanSettings(threads: 0, chunkBytes: -5) == ScanSettings(threads: 1, chunkBytes: 1))
    #expect(ScanSettings(threads: 500).threads == ScanThreads.limit)
  }

  /// A scan that names no thread count reads with the log's settings: with two threads
  /// and a line per chunk, a second read starts while the first is still running (the
  /// first waits for it; one thread alone would never get there).
  @Test func aLogsSettingsChooseItsThreads() throws {
    let log = try LogFile(path: Repo.fixture)
    log.scanSettings = ScanSettings(threads: 2, chunkBytes: 1)
    let started = DispatchSemaphore(value: 0)
    let overlapped = Atomic<Bool>(false)
    try log.scan(0..<3) { line in
      if line.position == 1 {
        // A guard against a hang if the scan were sequential, not a time measured.
        overlapped.store(started.wait(timeout: .now() + 60) == .success, ordering: .relaxed)
      } else {
        started.signal()
      }
      return line.position
    } consume: { _, _ in
      true
    }
    let didOverlap = overlapped.load(ordering: .relaxed)
    #expect(didOverlap)
    log.scanSettings = ScanSettings(threads: 1)
    var order: [Int] = []
    try log.scan(0..<6, read: { line in line.position }) { _, position in
      order.append(position)
      return true
    }
    #expect(order == [1, 2, 3, 4, 5])
  }

  /// Logs made by cutting, repeating and corrupting the lines of a clean one.
  static func fuzzedLog(_ random: inout SeededGenerator) -> String {
    var lines = ScanTestLogs.clean(30)
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      guard !lines.isEmpty else { break }
      let i = Int.random(in: 0..<lines.count, using: &random)
      guard !lines[i].isEmpty else { continue }
      switch Int.random(in: 0..<6, using: &random) {
      case 0: lines.remove(at: i)
      case 1: lines.insert(lines[i], at: i)
      case 2:
        var bytes = Array(lines[i].utf8)
        bytes[Int.random(in: 0..<bytes.count, using: &random)] =
          Array(#"{}[]",:0a\ "#.utf8).randomElement(using: &random)!
        lines[i] = String(decoding: bytes, as: UTF8.self)
      case 3: lines[i] = String(lines[i].prefix(Int.random(in: 0..<lines[i].count, using: &random)))
      case 4: lines.insert("", at: i)
      default: lines.swapAt(i, Int.random(in: 0..<lines.count, using: &random))
      }
    }
    return lines.joined(separator: "\n") + (Bool.random(using: &random) ? "\n" : "")
  }

  @Test func fuzzedLogsGiveTheSequentialAnswers() throws {
    var random = SeededGenerator(seed: 24)
    for round in 0..<150 {
      let text = Self.fuzzedLog(&random)
      let log: LogFile
      do {
        log = try ScanTestLogs.log(text)
      } catch {
        continue
      }
      Self.checkSummaries(log, "round \(round)")
      let expected = Self.sequential(log)
      #expect(Self.scanned(log, threads: 3, chunkBytes: 1) == expected, "round \(round)")
      #expect(Self.scanned(log, threads: 2, chunkBytes: 2000) == expected, "round \(round)")
    }
  }
}
