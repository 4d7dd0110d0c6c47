import Foundation
import TimeTravel
import TimeTravelJQ

/// The scan benchmark's questions answered by the library as the command line's modes
/// answer them (opening the log included): the fast summary, `--find` with the entries
/// read through the program's projection, `--watch` reading only the watched values, and
/// the JSON records of `--watch --format json` and the text of `--watch`, printed on the
/// workers.
enum InProcessScan {
  struct Measure {
    var seconds: Double
    /// What was found: entries counted, hits, records printed.
    var answer: String
    /// CPU time (user + system) over wall time: how many cores the scan kept busy.
    var cpuRatio: Double
  }

  /// Measures `question` on a thread of its own, as the command line runs its work (on
  /// the main thread, glibc answers the jq evaluator's question about its stack by
  /// reading /proc/self/maps, every evaluation).
  static func measure(
    _ question: ScanBench.Question, path: String, threads: Int, runs: Int
  ) -> Measure {
    nonisolated(unsafe) var result: Measure?
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      result = measureHere(question, path: path, threads: threads, runs: runs)
      done.signal()
    }
    thread.stackSize = 1 << 29
    thread.start()
    done.wait()
    return result!
  }

  private static func measureHere(
    _ question: ScanBench.Question, path: String, threads: Int, runs: Int
  ) -> Measure {
    var results: [Measure] = []
    for _ in 0..<runs {
      let cpu = cpuSeconds()
      let start = now()
      let answer = try! answer(question, path: path, threads: threads)
      let wall = now() - start
      results.append(Measure(seconds: wall, answer: answer, cpuRatio: (cpuSeconds() - cpu) / wall))
    }
    results.sort { $0.seconds < $1.seconds }
    return results[results.count / 2]
  }

  static func answer(_ question: ScanBench.Question, path: String, threads: Int) throws -> String {
    // As the command line opens it: with its index deferred to the scan; with
    // REPLAY_INDEX_FIRST=1, as the command line then opens every log, by its index first.
    let indexFirst = ProcessInfo.processInfo.environment["REPLAY_INDEX_FIRST"] == "1"
    let log = indexFirst ? try LogFile(path: path) : try LogFile(deferringIndexOf: path)
    switch question {
    case .summary:
      let summary = try LogSummary(fastScanning: log, threads: threads)
      return String(summary.actionCounts.reduce(0) { $0 + $1.count })
    case .find:
      return String(try find(log, #".action | has("replaceTodo")"#, threads: threads))
    case .wholeTree:
      return String(try find(log, "(.next | tojson | length) < 0", threads: threads))
    case .watchDeep:
      return String(try watch(log, ["todos", "7", "isCompleted"], threads: threads).hits)
    case .watchContainer:
      let (hits, bytes) = try watch(log, ["todos"], threads: threads, printing: true)
      return "\(hits), \(bytes / 1_000_000) MB"
    case .watchContainerText:
      let (hits, bytes) = try watchText(log, ["todos"], threads: threads)
      return "\(hits), \(String(format: "%.1f", Double(bytes) / 1_000_000)) MB"
    }
  }

  /// `--find`: the entries on which `source` holds, each read through its projection.
  static func find(_ log: LogFile, _ source: String, threads: Int) throws -> Int {
    let filter = try JQFilter(source, variableNames: ["seq", "action", "prior"])
    let projection = filter.projection(reading: .truthiness)
    var entryReading = EntryProjection(entry: projection.input ?? .nothing)
    if let prior = projection.variables["prior"] {
      entryReading = entryReading.union(EntryProjection(prior: prior))
    }
    // The action as far as the filter reads it, and a hit's whole, as `--find` reads them.
    var action = (projection.input ?? .nothing).member("action")
    if let part = projection.variables["action"] { action = action?.union(part) ?? part }
    let reading = entryReading.readingAction(action)
    var found = 0
    try log.scan(threads: threads) { line in
      var entry = try line.entry(reading: reading)
      let holds = try filter.holds(
        on: entry.jsonValue,
        variables: [
          "seq": .number(JSONNumber(entry.seq)), "action": entry.action, "prior": entry.prior,
        ])
      if holds, !reading.action.isWhole { entry.action = try line.action() }
      return holds
    } consume: { _, holds in
      if holds { found += 1 }
      return true
    }
    return found
  }

  /// `--watch`: the entries that changed the value at `tokens`; with `printing`, each
  /// hit's JSON record printed on the worker and written to /dev/null.
  static func watch(_ log: LogFile, _ tokens: [String], threads: Int, printing: Bool = false)
    throws -> (hits: Int, bytes: Int)
  {
    let pointer = JSONPointer(tokens: tokens)
    let reading = Watch.projection(at: pointer)
    var output = NullOutput()
    try log.scan(threads: threads) { line -> [UInt8]? in
      guard let hit = Watch.hit(try line.entry(reading: reading), at: pointer) else { return nil }
      guard printing else { return [] }
      var object = JSONObject()
      object["seq"] = .number(JSONNumber(hit.seq))
      if let time = hit.time { object["time"] = .string(time) }
      object["action"] = hit.action
      object["actionName"] = .string(ActionName.of(hit.action))
      if let old = hit.old { object["old"] = old }
      if let new = hit.new { object["new"] = new }
      var out: [UInt8] = []
      JSONPrinter.compact.write(.object(object), to: &out)
      return out
    } consume: { _, record in
      output.take(record)
      return true
    }
    return output.finish()
  }

  /// `--watch` as text: each hit's line and the changes inside the watched container
  /// (`Watch.hitWithChanges`, diffed from the line's bytes), rendered on the worker as the
  /// command line renders them, written to /dev/null.
  static func watchText(_ log: LogFile, _ tokens: [String], threads: Int) throws -> (
    hits: Int, bytes: Int
  ) {
    let pointer = JSONPointer(tokens: tokens)
    let reading = Watch.projection(at: pointer)
    let renderer = DiffTextRenderer(color: false, maxValueLength: 120)
    var output = NullOutput()
    try log.scan(threads: threads) { line -> [UInt8]? in
      guard let (hit, changes) = Watch.hitWithChanges(try line.entry(reading: reading), at: pointer)
      else { return nil }
      var text = "  entry \(hit.seq) (\(ActionName.of(hit.action))): "
      if let changes {
        text += "\(changes.count) changes\n"
        let placed = changes.map { $0.placed(below: pointer) }
        for line in renderer.renderLines(placed) { text += "    " + line + "\n" }
      } else {
        let (old, new) = (hit.old, hit.new)
        text += "\(old.map { JSONAbbreviation.prefix($0, limit: 120) } ?? "(absent)") → "
        text += "\(new.map { JSONAbbreviation.prefix($0, limit: 120) } ?? "(absent)")\n"
      }
      return Array(text.utf8)
    } consume: { _, record in
      output.take(record)
      return true
    }
    return output.finish()
  }

  /// User and system time of this process so far, in seconds.
  static func cpuSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}

/// Where the printing scans' records go: /dev/null, a megabyte at a time, as a terminal's
/// writes would go, counting the records and their bytes.
struct NullOutput {
  private let sink = FileHandle(forWritingAtPath: "/dev/null")!
  private var pending: [UInt8] = []
  private var hits = 0
  private var bytes = 0

  /// Counts and writes one record; `nil` (an entry without one) is skipped.
  mutating func take(_ record: [UInt8]?) {
    guard let record else { return }
    hits += 1
    bytes += record.count
    pending += record
    if pending.count > 1 << 20 {
      sink.write(Data(pending))
      pending.removeAll(keepingCapacity: true)
    }
  }

  /// Writes what is left; the records and bytes taken.
  mutating func finish() -> (hits: Int, bytes: Int) {
    sink.write(Data(pending))
    pending.removeAll()
    return (hits, bytes)
  }
}
