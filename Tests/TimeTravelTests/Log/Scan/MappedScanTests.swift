import Foundation
import TestSupport
import Testing

@testable import TimeTravel

#if canImport(Glibc)
  import Glibc
#endif

/// A log read through a mapping of its file gives exactly what the `pread(2)` path gives,
/// and a file that shrinks, grows or is no file at all is read as it was before mappings.
@Suite struct MappedScanTests {
  /// The summary and every entry through `scan` on each configuration, as text.
  static func everything(_ log: LogFile) -> [String] {
    var seen: [String] = []
    for (threads, chunkBytes) in ParallelScanTests.configurations {
      seen.append(
        ParallelScanTests.describe(
          Result {
            try LogSummary(
              fastScanning: log, threads: threads, including: nil, chunkBytes: chunkBytes)
          }))
      seen += ParallelScanTests.scanned(log, threads: threads, chunkBytes: chunkBytes)
    }
    return seen + log.warnings.map(\.description)
  }

  /// `path` read mapped (indexed a few bytes at a time, so that the index's windows split
  /// lines, and 4 MB at a time) and with `pread(2)` alone: the same for all.
  static func checkBothWays(_ path: String, _ name: String) throws {
    let unmapped = try LogFile(path: path, chunkSize: 4 << 20, mapped: false)
    #expect(!unmapped.source.isMapped)
    let expected = everything(unmapped)
    for chunkSize in [7, 4 << 20] {
      let mapped = try LogFile(path: path, chunkSize: chunkSize, mapped: true)
      #if os(Linux)
        #expect(mapped.source.isMapped == (mapped.source.currentSize() ?? 0 > 0), "\(name)")
      #endif
      #expect(everything(mapped) == expected, "\(name), indexed \(chunkSize) bytes at a time")
      #expect(!mapped.source.mappingWasCut)
    }
  }

  /// Giving a mapping's pages back made a 2-thread scan slower than one thread, so a log
  /// is mapped only when `REPLAY_MAP=1` asks for it.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["REPLAY_MAP"] == nil))
  func aLogIsReadWithPreadUnlessAMappingIsAskedFor() throws {
    let temp = try TempLog(Self.long)
    #expect(!FileMapping.isDefault)
    #expect(!(try LogFile(path: temp.path)).source.isMapped)
    #expect(!(try LogSource(path: temp.path)).isMapped)
    #if os(Linux)
      #expect(try LogFile(path: temp.path, chunkSize: 4 << 20, mapped: true).source.isMapped)
    #endif
  }

  @Test(arguments: ScanTestLogs.cases.indices)
  func aMappedLogReadsAsThePreadPathOnEveryIrregularLog(index: Int) throws {
    let (name, text) = ScanTestLogs.cases[index]
    let temp = try TempLog(text)
    try Self.checkBothWays(temp.path, name)
  }

  @Test(
    arguments: ScanTestLogs.fixtures
      + ScanTestLogs.interopFixtures.filter { $0.hasSuffix(".jsonl") })
  func aMappedFixtureReadsAsThePreadPath(path: String) throws {
    try Self.checkBothWays(path, path)
  }

  /// 400 entries of about 250 bytes: 25 pages, so that a cut leaves whole pages past the
  /// file's new end as well as the tail of the page holding it.
  static let long = ScanTestLogs.clean(400).joined(separator: "\n") + "\n"

  /// What every scan of the log gives once the file was cut inside line 200: the 199
  /// entries before it, then the error naming that line.
  static func truncatedScan(_ log: LogFile, threads: Int, chunkBytes: Int) -> [String] {
    ParallelScanTests.scanned(log, threads: threads, chunkBytes: chunkBytes)
  }

  @Test(arguments: [(1, LogFile.scanChunkBytes), (2, 1), (2, 4096), (3, 700)])
  func aLogTruncatedAfterOpeningIsAnErrorNotACrash(threads: Int, chunkBytes: Int) throws {
    let lines = ScanTestLogs.clean(400)
    let start = lines[..<199].reduce(0) { $0 + $1.utf8.count + 1 }
    let cut = start + 10
    let end = start + lines[199].utf8.count
    var results: [[String]] = []
    for mapped in [true, false] {
      let temp = try TempLog(Self.long)
      let log = try LogFile(path: temp.path, chunkSize: 4 << 20, mapped: mapped)
      #expect(truncate(temp.path, off_t(cut)) == 0)
      let scanned = Self.truncatedScan(log, threads: threads, chunkBytes: chunkBytes)
      #expect(scanned.count == 200)
      #expect(
        scanned.last
          == "error: \(temp.path):200: the file changed while open: line 200 should end at byte \(end), but the file is now \(cut) bytes long (truncated or rewritten); open it again"
      )
      // No entry after the cut was read from zeros.
      #expect(scanned.dropLast().allSatisfy { !$0.hasPrefix("error") })
      #if os(Linux)
        #expect(log.source.mappingWasCut == mapped)
      #endif
      results.append(scanned.map { $0.replacingOccurrences(of: temp.path, with: "LOG") })
    }
    #expect(results[0] == results[1])
  }

  @Test func aLogTruncatedToNothingAfterOpeningFaultsAndIsAnError() throws {
    let temp = try TempLog(Self.long)
    let log = try LogFile(path: temp.path, chunkSize: 4 << 20, mapped: true)
    #expect(truncate(temp.path, 0) == 0)
    let scanned = ParallelScanTests.scanned(log, threads: 2, chunkBytes: 1)
    let end = ScanTestLogs.clean(400)[0].utf8.count
    #expect(
      scanned
        == [
          "error: \(temp.path):1: the file changed while open: line 1 should end at byte \(end), but the file is now 0 bytes long (truncated or rewritten); open it again"
        ])
    #if os(Linux)
      // Every page lay past the end: reading them faulted, and the fault was caught.
      #expect(log.source.mappedCut == 0)
    #endif
    // The summary, after the mapping was cut, reads with pread and says the same.
    #expect(
      ParallelScanTests.describe(Result { try LogSummary(fastScanning: log, threads: 2) })
        == "error: \(scanned[0].dropFirst("error: ".count))")
  }

  @Test func aLogTruncatedAndRewrittenAfterOpeningReadsItsNewBytesAsPreadDoes() throws {
    // A copytruncate rotation and a writer going on: the file is as long as before, its
    // bytes new. Both paths read what is there now.
    var results: [[String]] = []
    for mapped in [true, false] {
      let temp = try TempLog(Self.long)
      let log = try LogFile(path: temp.path, chunkSize: 4 << 20, mapped: mapped)
      #expect(truncate(temp.path, 0) == 0)
      let handle = try #require(FileHandle(forWritingAtPath: temp.path))
      try handle.write(
        contentsOf: Data(Self.long.replacingOccurrences(of: "café", with: "cafe!").utf8))
      try handle.close()
      results.append(ParallelScanTests.scanned(log, threads: 2, chunkBytes: 4096))
    }
    #expect(results[0] == results[1])
    #expect(results[0].count == 400)
    #expect(results[0][7].contains(#""note":"cafe! 8""#))
  }

  @Test func aLogThatGrowsAfterOpeningIsReadToItsNewEnd() throws {
    let lines = ScanTestLogs.clean(60)
    let temp = try TempLog(lines[..<30].joined(separator: "\n") + "\n")
    // Mapped at 30 lines; indexed after 30 more were written: the mapping serves the first
    // bytes, pread the rest, in windows of 64 bytes that straddle where the mapping ends.
    let source = try LogSource(path: temp.path, chunkSize: 64, mapped: true)
    let log = try LogFile(path: temp.path)
    let handle = try #require(FileHandle(forWritingAtPath: temp.path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data((lines[30...].joined(separator: "\n") + "\n").utf8))
    try handle.close()
    let whole = try LineIndex(LogSource(path: temp.path, mapped: false), parts: 1)
    #expect(whole.count == 60)
    for parts in [1, 3] {
      let index = try LineIndex(source, parts: parts)
      #expect(index.starts == whole.starts)
      #expect(index.ends == whole.ends)
      #expect(index.size == whole.size)
    }
    #expect(!source.mappingWasCut)
    // A reading opened before the lines were added keeps to its 30 entries; a follower
    // takes over after them, and a new reading sees all 60.
    #expect(log.entryCount == 30)
    #expect(try log.followPoint().lines == 30)
    #expect(ParallelScanTests.scanned(log, threads: 2, chunkBytes: 1).count == 30)
    let again = try LogFile(path: temp.path)
    #expect(
      ParallelScanTests.scanned(again, threads: 2, chunkBytes: 1)
        == ParallelScanTests.sequential(try ScanTestLogs.log(lines.joined(separator: "\n") + "\n")))
  }

  @Test func aPipeIsReadWithoutAMapping() throws {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    let (input, output) = (fds[0], fds[1])
    let text = ScanTestLogs.clean(20).joined(separator: "\n") + "\n"
    let writer = Thread {
      _ = text.utf8CString.withUnsafeBufferPointer { write(output, $0.baseAddress!, $0.count - 1) }
      close(output)
    }
    writer.start()
    defer { close(input) }
    let log = try LogFile(path: "/dev/fd/\(input)", name: "PIPE")
    #expect(!log.source.isMapped)
    #expect(log.entryCount == 20)
    #expect(
      ParallelScanTests.scanned(log, threads: 2, chunkBytes: 1)
        == ParallelScanTests.sequential(try ScanTestLogs.log(text)))
  }
}

#if os(Linux)
  /// The `SIGBUS` handler behind the mappings takes the faults of its mappings only.
  @Suite struct MappingFaultGuardTests {
    /// How a child ended that read a page of a mapping made here (not through a log) past
    /// its file's end, with `previous` as the disposition before the guard's: the exit
    /// status, or the signal (WIFSIGNALED, WTERMSIG) negated.
    static func foreignFault(previous: sigaction) throws -> Int32 {
      // A mapped log, so that the guard is installed.
      let temp = try TempLog(MappedScanTests.long)
      let log = try LogFile(path: temp.path, chunkSize: 4 << 20, mapped: true)
      #expect(log.source.isMapped)
      let other = try TempLog(bytes: [UInt8](repeating: 0x41, count: 8192))
      let fd = open(other.path, O_RDWR)
      #expect(fd >= 0)
      defer { close(fd) }
      let address = try #require(mmap(nil, 8192, PROT_READ, MAP_SHARED, fd, 0))
      #expect(address != MAP_FAILED)
      defer { munmap(address, 8192) }
      #expect(ftruncate(fd, 0) == 0)
      let pid = fork()
      if pid == 0 {
        // Not the test runner's crash reporter, which cannot run in a forked child.
        MappingFaultGuard.previous = previous
        // Exits 0 only if the fault was swallowed (and the byte read as zero).
        let byte = address.load(fromByteOffset: 4096, as: UInt8.self)
        _exit(byte == 0 ? 0 : 1)
      }
      #expect(pid > 0)
      var status: Int32 = 0
      #expect(waitpid(pid, &status, 0) == pid)
      // The log's own mapping was never cut.
      #expect(!log.source.mappingWasCut)
      return status & 0x7f != 0 ? -(status & 0x7f) : (status >> 8) & 0xff
    }

    @Test func aFaultOutsideAnyMappingEndsTheProcessAsWithoutTheGuard() throws {
      #expect(try Self.foreignFault(previous: sigaction()) == -SIGBUS)
    }

    @Test func aFaultOutsideAnyMappingGoesToTheHandlerBefore() throws {
      var handler = sigaction()
      handler.__sigaction_handler.sa_sigaction = { _, _, _ in _exit(42) }
      handler.sa_flags = SA_SIGINFO
      #expect(try Self.foreignFault(previous: handler) == 42)
    }
  }
#endif
