import Foundation
import Synchronization
import TestSupport
import Testing

@testable import TimeTravel

/// The first full scan of a log opened with its index deferred reads the file once,
/// indexing it as it goes, and gives exactly what opening the log and then scanning it
/// gives: the same entries in the same order, the same first error, and afterwards the
/// same index, numbering and warnings; on every irregular log, every fixture and fuzzed
/// logs, on one thread and several, with chunks of every size.
@Suite struct OpeningScanTests {
  /// Thread counts and chunk sizes: chunks shorter than a line (most lines span several),
  /// a few lines, and the default.
  static let configurations: [(threads: Int, chunkBytes: Int)] = [
    (1, 64), (2, 64), (3, 700), (8, 97), (1, LogFile.scanChunkBytes), (2, LogFile.scanChunkBytes),
  ]

  /// Everything a log's index says, as text that compares every part.
  static func layoutText(_ log: LogFile) -> String {
    let lines = log.lines
    return """
      entries \(log.entryCount) numbering \(log.numbering) compact \(log.isCompact) \
      actions only \(log.isActionOnly)
      header \(String(describing: log.header)) closing \(String(describing: log.closing)) \
      pending \(String(describing: log.pendingEntry)) gaps \(log.gaps)
      warnings \(log.warnings.map(\.description))
      sequence \(log.sequenceWarnings.map(\.description))
      lines \(lines.starts) \(lines.ends) \(lines.kinds) \(lines.nulRuns) \
      \(lines.lastLineIsUnterminated) \(lines.size)
      entry lines \(log.positions.map { log.lineNumber(ofEntry: $0) })
      """
  }

  /// Checks the scan of `text` opened with its index deferred against opening it and
  /// reading it entry by entry, in every configuration.
  static func check(
    _ text: String, _ name: String,
    configurations: [(threads: Int, chunkBytes: Int)] = OpeningScanTests.configurations
  ) throws {
    let temp = try TempLog(text)
    let opened = try LogFile(path: temp.path)
    let expected = ParallelScanTests.sequential(opened)
    let layout = layoutText(opened)
    // Asked first, without the index.
    let asked = try LogFile(deferringIndexOf: temp.path, chunkSize: 64)
    #expect(asked.isActionOnly == opened.isActionOnly, "\(name)")
    #expect(asked.layoutCell.current == nil, "\(name)")
    let summary = ParallelScanTests.describe(Result { try LogSummary(scanning: opened) })
    for (threads, chunkBytes) in configurations {
      let log = try LogFile(deferringIndexOf: temp.path, chunkSize: 64)
      let scanned = ParallelScanTests.scanned(log, threads: threads, chunkBytes: chunkBytes)
      #expect(scanned == expected, "\(name), \(threads) threads, chunks of \(chunkBytes)")
      #expect(layoutText(log) == layout, "\(name), \(threads) threads, chunks of \(chunkBytes)")
      // The summary's scan opens a log too.
      let summarized = try LogFile(deferringIndexOf: temp.path, chunkSize: 64)
      let fast = ParallelScanTests.describe(
        Result {
          try LogSummary(
            fastScanning: summarized, threads: threads, including: nil, chunkBytes: chunkBytes)
        })
      #expect(fast == summary, "\(name), \(threads) threads, chunks of \(chunkBytes)")
      #expect(layoutText(summarized) == layout, "\(name), summary")
    }
  }

  @Test(arguments: ScanTestLogs.cases.indices)
  func eachIrregularLogGivesWhatOpeningThenScanningGives(index: Int) throws {
    let (name, text) = ScanTestLogs.cases[index]
    try Self.check(text, name)
  }

  @Test(arguments: ScanTestLogs.fixtures)
  func eachFixtureGivesWhatOpeningThenScanningGives(path: String) throws {
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    try Self.check(text, path, configurations: [(1, 4096), (2, 4096), (3, 50_000), (2, 1 << 20)])
  }

  @Test func fuzzedLogsGiveWhatOpeningThenScanningGives() throws {
    var random = SeededGenerator(seed: 2412)
    for round in 0..<120 {
      let text = ParallelScanTests.fuzzedLog(&random)
      guard (try? ScanTestLogs.log(text)) != nil else { continue }
      try Self.check(text, "round \(round)")
    }
  }

  /// A log opened with its index deferred tells whether it records actions only from its
  /// first lines, as its index does, without indexing it: its header, a first entry with
  /// the initial state, a second entry that records states, a torn last line.
  @Test func whetherALogRecordsActionsOnlyIsToldFromItsFirstLines() throws {
    let action = { (n: Int) in #"{"seq":\#(n),"action":{"add":{"n":\#(n)}}}"# }
    let withPrior = #"{"seq":1,"action":"start","prior":{"count":0}}"#
    let cases: [(String, Bool)] = [
      ((1...5).map(action).joined(separator: "\n") + "\n", true),
      (
        #"{"format":"replay-log","version":1}"# + "\n\n"
          + (1...3).map(action).joined(separator: "\n"), true
      ),
      (withPrior + "\n" + action(2) + "\n" + action(3) + "\n", true),
      (withPrior + "\n" + ScanTestLogs.line(2, prior: 0, next: 2) + "\n" + action(3) + "\n", false),
      (withPrior + "\n" + #"{"seq":2,"act"#, true),
      (withPrior + "\n" + ScanTestLogs.line(2, prior: 0, next: 2), false),
      (action(1), true),
      ("\n\n", false),
      (ScanTestLogs.clean(3).joined(separator: "\n"), false),
      (
        #"{"pending":true,"seq":1,"action":"a"}"# + "\n"
          + (1...3).map(action).joined(separator: "\n"), true
      ),
    ]
    for (text, expected) in cases {
      let temp = try TempLog(text)
      let log = try LogFile(deferringIndexOf: temp.path)
      #expect(log.isActionOnly == expected, "\(text)")
      #expect(log.layoutCell.current == nil)
      #expect(try LogFile(path: temp.path).isActionOnly == expected, "\(text)")
    }
  }

  /// How far the scan reads ahead of the index, and whether the index is then the one
  /// the scan built (else it was built whole, after).
  static func readAhead(_ text: String, threads: Int = 2) throws -> (after: Int?, byScan: Bool) {
    let temp = try TempLog(text)
    let log = try LogFile(deferringIndexOf: temp.path, chunkSize: 64)
    var consumed: [Int] = []
    let end = try log.scanOpening(
      threads: threads, chunkBytes: 100,
      consume: { _, position in
        consumed.append(position)
        return true
      }
    ) { _, lines in lines { line in .success(line.position) } }
    guard case .handedOver(let after)? = end else { return (nil, false) }
    #expect(consumed == Array(1..<(after + 1)))
    return (after, log.layoutCell.wasBuiltByScan)
  }

  static func text(_ name: String) -> String {
    ScanTestLogs.cases.first { $0.name == name }!.text
  }

  /// The summary's scan leaves a pending record and what follows it to the index, which
  /// places pending records among the entries for its checks of `seq`.
  @Test func theSummarysScanStopsAtAPendingRecord() throws {
    let temp = try TempLog(Self.text("pending records"))
    let log = try LogFile(deferringIndexOf: temp.path)
    var consumed: [Int] = []
    let end = try log.scanOpening(
      threads: 2, chunkBytes: 100, stopsAtPending: true,
      consume: { position, _ in
        consumed.append(position)
        return true
      }
    ) { _, lines in lines { line in .success(line.position) } }
    // The pending record is line 9, after entry 8.
    guard case .handedOver(let after)? = end else {
      Issue.record("the scan was stopped")
      return
    }
    #expect(after == 8)
    #expect(consumed == Array(1...8))
    #expect(log.layoutCell.wasBuiltByScan)
  }

  /// A recorder's log is read in one pass: every entry but the last line (which the
  /// index may drop as torn) ahead of the index, and the index is the one the scan built.
  @Test func aRecordersLogIsReadAheadToItsLastLine() throws {
    for threads in [1, 2] {
      #expect(try Self.readAhead(Self.text("clean"), threads: threads) == (39, true))
      #expect(try Self.readAhead(Self.text("header"), threads: threads) == (39, true))
      #expect(try Self.readAhead(Self.text("crlf and bom"), threads: threads) == (39, true))
      #expect(try Self.readAhead(Self.text("blank lines"), threads: threads) == (39, true))
      // The pending record at the end is the last line: entry 40 comes before it.
      #expect(try Self.readAhead(Self.text("pending records"), threads: threads) == (40, true))
      // The torn record is the last line, entry 40 the one before.
      #expect(try Self.readAhead(Self.text("torn last line"), threads: threads) == (40, true))
    }
  }

  /// The reading ahead stops at the first line the index alone can tell: a `seq` that is
  /// not its position, a gap record, a patch entry, an action-only log. The chunks after
  /// are still indexed, so the index is the scan's.
  @Test func theReadingAheadStopsWhereOnlyTheIndexCanTell() throws {
    // Entry 6 has seq 5.
    #expect(try Self.readAhead(Self.text("seq repeats and goes back")) == (5, true))
    // The gap record is line 18, after entry 17.
    #expect(try Self.readAhead(Self.text("gap record")) == (17, true))
    // Entry 2 is a patch.
    #expect(try Self.readAhead(Self.text("compact")) == (1, true))
    #expect(try Self.readAhead(Self.text("actions only")) == (0, true))
    // A log numbered from 0.
    let fromZero = (0..<10).map { ScanTestLogs.line($0, prior: $0, next: $0 + 1) }
    #expect(try Self.readAhead(fromZero.joined(separator: "\n") + "\n") == (0, true))
    // Lines longer than a read are carried over to the reads that end them.
    let long =
      ScanTestLogs.clean(3) + [
        ScanTestLogs.line(
          4, prior: 3, next: 4, extra: #","pad":""# + String(repeating: "x", count: 200) + #"""#),
        ScanTestLogs.line(5, prior: 4, next: 5),
      ]
    #expect(try Self.readAhead(long.joined(separator: "\n") + "\n") == (4, true))
  }

  @Test func stoppingConsumesNothingAfterAndLeavesTheIndexToBeBuilt() throws {
    let temp = try TempLog(Self.text("clean"))
    for stopAt in [1, 2, 7, 39] {
      let log = try LogFile(deferringIndexOf: temp.path)
      var consumed: [Int] = []
      try log.scan(nil, threads: 3, chunkBytes: 64, read: { line in line.position }) {
        position, value in
        #expect(position == value)
        consumed.append(position)
        return consumed.count < stopAt
      }
      #expect(consumed == Array(1...stopAt))
      #expect(log.layoutCell.current == nil)
      #expect(log.entryCount == 40)
      #expect(!log.layoutCell.wasBuiltByScan)
    }
  }

  @Test func theFirstResultIsConsumedBeforeTheScanEndsAndReadsStayBounded() throws {
    let log = try LogFile(deferringIndexOf: Repo.fixture)
    let reads = Atomic<Int>(0)
    var readsAtFirst: Int?
    var mostAhead = 0
    try log.scan(
      nil, threads: 2, chunkBytes: 64,
      read: { _ in
        reads.wrappingAdd(1, ordering: .relaxed)
      }
    ) { position, _ in
      let done = reads.load(ordering: .relaxed)
      if readsAtFirst == nil { readsAtFirst = done }
      mostAhead = max(mostAhead, done - position)
      return true
    }
    // Reads of one line at a time, 4 × 2 of them in flight at most.
    #expect(try #require(readsAtFirst) <= 9)
    #expect(mostAhead <= 9)
    #expect(reads.load(ordering: .relaxed) == log.entryCount)
    #expect(log.layoutCell.wasBuiltByScan)
  }

  /// A file cut short while the scan reads it: the chunks read after are short, so the
  /// reading ahead stops there, and the index is built from the file as it now is; the
  /// entries consumed are those of the shorter file, in order, each once.
  @Test func aFileCutWhileItIsReadIsIndexedAsItNowIs() throws {
    let lines = ScanTestLogs.clean(40)
    let temp = try TempLog(lines.joined(separator: "\n") + "\n")
    let cut = lines.prefix(20).reduce(0) { $0 + $1.utf8.count + 1 }
    let log = try LogFile(deferringIndexOf: temp.path)
    var consumed: [Int] = []
    try log.scan(
      nil, threads: 1, chunkBytes: 700,
      read: { line in
        if line.position == 3 { truncate(temp.path, off_t(cut)) }
        return try line.entry().seq
      }
    ) { position, seq in
      #expect(position == seq)
      consumed.append(position)
      return true
    }
    #expect(consumed == Array(1...20))
    #expect(log.entryCount == 20)
    #expect(!log.layoutCell.wasBuiltByScan)
  }

  /// Whatever needs the index before the first scan builds it as opening does, and the
  /// scan then reads by it.
  @Test func anIndexBuiltFirstIsTheOneOpeningBuilds() throws {
    let temp = try TempLog(Self.text("header"))
    let log = try LogFile(deferringIndexOf: temp.path)
    let opened = try LogFile(path: temp.path)
    #expect(log.entryCount == 40)
    #expect(Self.layoutText(log) == Self.layoutText(opened))
    #expect(
      ParallelScanTests.scanned(log, threads: 2, chunkBytes: 100)
        == ParallelScanTests.sequential(opened))
    #expect(!log.layoutCell.wasBuiltByScan)
  }

  /// A scan of some positions only needs the index first.
  @Test func aScanOfSomePositionsBuildsTheIndexFirst() throws {
    let temp = try TempLog(Self.text("clean"))
    let log = try LogFile(deferringIndexOf: temp.path)
    var seen: [Int] = []
    try log.scan(5..<9, threads: 2, chunkBytes: 1, read: { $0.position }) { _, position in
      seen.append(position)
      return true
    }
    #expect(seen == [5, 6, 7, 8])
    #expect(!log.layoutCell.wasBuiltByScan)
  }

  /// Input that is not a regular file read with pread, or not text, is indexed when it is
  /// opened, as before.
  @Test func pipesAndForeignInputAreIndexedWhenOpened() throws {
    let temp = try TempLog(bytes: [0x1F, 0x8B, 0x08, 0x00])
    #expect(throws: LogError.self) { try LogFile(deferringIndexOf: temp.path) }
    let clean = try TempLog(Self.text("clean"))
    let mapped = try LogFile(path: clean.path, chunkSize: 64, mapped: true)
    #expect(mapped.openingOffset == nil)
    #expect(try LogFile(deferringIndexOf: clean.path).openingOffset == 0)
    let bom = try TempLog(Self.text("crlf and bom"))
    #expect(try LogFile(deferringIndexOf: bom.path).openingOffset == 3)
  }
}
