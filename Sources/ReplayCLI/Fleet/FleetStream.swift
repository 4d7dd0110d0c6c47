import Foundation

/// A fleet's output as its logs are read at once: each log's records reach standard
/// output in path order, then log order, however the scans interleave.
///
/// The *head* is the first log not yet finished. When `live`, the head's records are
/// printed as its scan consumes them; a later log's records wait in its own spool, as
/// rendered bytes, until every log before it has finished, are then printed, and the log
/// streams from there. When not `live` (the text listings, whose heading counts the
/// matches), every log's records wait in its spool for ``spool(of:)``.
///
/// Each log's standard error (its warnings, then why it could not be read) is printed
/// when the logs before it have finished, so that it comes in path order too.
///
/// Records are items of a JSON array as ``JSONArrayStream/item(_:)`` renders them (a
/// comma, then the record) when `live`: the comma before the first record printed is
/// dropped.
final class FleetStream: @unchecked Sendable {
  // @unchecked: `io` and `printed` are touched only while `printing` is locked; `head`,
  // `spools` and `finished` only while `state` is locked (a spool taken out of them is
  // then written while `printing` is locked), and `head` changes only while both are,
  // on the thread of the log that was the head.

  /// The bytes a log's spool holds in memory before it moves to a file: a waiting log
  /// keeps little in memory, however much it matched.
  static let spoolMemory = 1 << 20
  /// The bytes a finished log's spool may keep in memory while it waits to be written:
  /// more go to the file, so that a thousand finished logs waiting hold little memory.
  static let finishedSpoolMemory = 64 << 10

  private let io: any ReplayIO
  private let live: Bool
  /// Locked while anything is printed, so that a log that becomes the head prints its
  /// spool before its next record.
  private let printing = NSLock()
  /// The number of records printed.
  private var printed = 0
  private let state = NSLock()
  /// The first log not yet finished.
  private var head = 0
  /// Each log's records not yet printed; `nil` once taken.
  private var spools: [OutputSpool?]
  /// Each finished log's answer.
  private var finished: [FleetRun.Answer?]
  /// How many records each log appended.
  private var appended: [Int]

  /// A stream for `count` logs on `io`.
  init(_ io: any ReplayIO, logs count: Int, live: Bool) {
    self.io = io
    self.live = live
    // One file for every log's spool: one descriptor, however many logs spill.
    let file = SpillFile()
    spools = (0..<count).map { _ in OutputSpool(memoryLimit: Self.spoolMemory, file: file) }
    finished = Array(repeating: nil, count: count)
    appended = Array(repeating: 0, count: count)
  }

  /// One record of the log at `index`, in its log's order: printed now when that log is
  /// the head (and `live`), else kept in its spool. Called on the thread that scans it.
  func append(_ item: [UInt8], of index: Int) {
    let now = state.withLock { () -> Bool in
      appended[index] += 1
      if live, head == index { return true }
      spools[index]!.append(item)
      return false
    }
    // The head changes only when it finishes, on this thread: it is still `index`.
    if now { printing.withLock { write(item) } }
  }

  /// Marks the log at `index` finished with `answer`. When it was the head, prints the
  /// standard error of it and of each finished log after it, and (when `live`) their
  /// records, then the records the new head has so far.
  func finish(_ index: Int, _ answer: FleetRun.Answer) {
    // A later log has nothing to print yet: the head's finish will find its answer, and
    // it need not wait for the head's writes to go on with another log.
    let isHead = state.withLock {
      // Its spool, unless taken to be printed, is touched only under this lock now.
      spools[index]?.spill(atLeast: Self.finishedSpoolMemory)
      finished[index] = answer
      return index == head
    }
    guard isHead else { return }
    printing.withLock {
      var done: [(answer: FleetRun.Answer, spool: OutputSpool?)] = []
      var next: OutputSpool?
      state.withLock {
        while head < finished.count, let answer = finished[head] {
          done.append((answer, live ? spools[head].take() : nil))
          head += 1
        }
        if live, !done.isEmpty, head < spools.count { next = spools[head].take() }
      }
      for (answer, spool) in done {
        io.errText(answer.stderr)
        if case .failure(let failure) = answer.result {
          io.errText("replay: \(failure.message)\n")
        }
        if let spool { write(spool) }
      }
      if let next { write(next) }
    }
  }

  /// Every log's answer, in path order, once all have finished.
  var answers: [FleetRun.Answer] { state.withLock { finished.map { $0! } } }

  /// How many records the log at `index` has appended so far.
  func recordCount(of index: Int) -> Int { state.withLock { appended[index] } }

  /// The records the log at `index` kept (when not `live`).
  func spool(of index: Int) -> OutputSpool { state.withLock { spools[index]! } }

  private func write(_ item: [UInt8]) {
    item.withUnsafeBytes { bytes in
      io.out(bytes: printed == 0 ? UnsafeRawBufferPointer(rebasing: bytes.dropFirst()) : bytes)
    }
    printed += 1
  }

  private func write(_ spool: OutputSpool) {
    guard spool.count > 0 else { return }
    spool.write(to: io, droppingFirst: printed == 0)
    printed += spool.count
  }
}
