import Foundation
import TimeTravel
import TodoReducer

/// Action-only logs replayed through a reducer: what the keyframe interval K costs in
/// reducer applications, time and memory, for a first pass, random access and a bisect,
/// beside the same log with no keyframes (every backward probe replays from the start)
/// and the real `replay --reducer todo --bisect`.
enum KeyframeBench {
  /// The title the planted entry adds; the predicate looks for it.
  static let plantedTitle = "   "
  static let predicate = #"any(.todos[]; .title == "   ")"#

  /// Writes an action-only to-do log of `count` entries: 100 `addTodo`, then
  /// `toggleTodo` on them in turn, with one `addTodo` of a blank title at `bugAt`.
  static func generate(path: String, count: Int, bugAt: Int) throws {
    var text =
      #"{"format":"replay-log","version":1,"app":"TodoApp","initialState":{"todos":[],"filter":"all","isLoading":false}}"#
    text += "\n"
    for seq in 1...count {
      let action: String
      if seq == bugAt {
        action = #"{"addTodo":{"id":"todo-bug","title":"\#(plantedTitle)"}}"#
      } else if seq <= 100 {
        action = #"{"addTodo":{"id":"todo-\#(seq)","title":"Item \#(seq)"}}"#
      } else {
        action = #"{"toggleTodo":{"id":"todo-\#(seq % 100 + 1)"}}"#
      }
      text += #"{"seq":\#(seq),"action":\#(action)}"# + "\n"
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  static func hasBug(_ state: JSONValue) -> Bool {
    state["todos"]?.arrayValue?.contains { $0["title"]?.stringValue == plantedTitle } ?? false
  }

  /// Opens the log and recomputes through the to-do reducer with interval `k`.
  static func open(_ path: String, k: Int) throws -> LogFile {
    let log = try LogFile(path: path)
    try log.recompute(
      with: StateRecomputer(name: "todo", reducer: TodoReducer(), initialState: TodoState()),
      keyframeInterval: k)
    return log
  }

  static func run(options: Options) {
    let count = options.quick ? 20_000 : 100_000
    let bugAt = count * 73 / 100 + 7
    let path = "\(directory)/actions.jsonl"
    do {
      try generate(path: path, count: count, bugAt: bugAt)
      print("\n## Action-only log: \(count) entries, states recomputed through TodoReducer\n")
      print(
        "| K | keyframes kept | first pass to the last state | random access (mean of 1,000 states; 20 without keyframes) | bisect (fresh log) |"
      )
      print("|---|---|---|---|---|")
      for k in [16, 64, 256, 1024, count + 1] {
        try measure(path: path, k: k, count: count, bugAt: bugAt)
      }
      cliBisect(path: path, bugAt: bugAt)
    } catch {
      print("keyframe bench failed: \(error)")
    }
  }

  static func measure(path: String, k: Int, count: Int, bugAt: Int) throws {
    // First pass: the last state, from nothing.
    let log = try open(path, k: k)
    var start = now()
    _ = try log.state(count)
    let firstPass = now() - start
    let firstApplications = log.recomputationCounts?.applications ?? 0
    // Random access once the keyframes exist.
    var generator = SystemRandomNumberGenerator()
    let probeCount = k > count ? 20 : 1000
    let probes = (0..<probeCount).map { _ in Int.random(in: 0...count, using: &generator) }
    start = now()
    for i in probes { _ = try log.state(i) }
    let random = (now() - start) / Double(probeCount)
    let randomApplications =
      Double((log.recomputationCounts?.applications ?? 0) - firstApplications)
      / Double(probeCount)
    // Bisect as replay does it: both ends, then halve.
    let fresh = try open(path, k: k)
    start = now()
    var (good, bad) = (0, count)
    _ = hasBug(try fresh.state(0))
    _ = hasBug(try fresh.state(count))
    var probesMade = 2
    while bad - good > 1 {
      let mid = (good + bad) / 2
      if hasBug(try fresh.state(mid)) { bad = mid } else { good = mid }
      probesMade += 1
    }
    let bisect = now() - start
    precondition(bad == bugAt, "bisect found \(bad), expected \(bugAt)")
    let bisectApplications = fresh.recomputationCounts?.applications ?? 0
    let keyframes = log.recomputationCounts?.keyframes ?? 0
    let kText = k > count ? "none (replay from init)" : "\(k)"
    print(
      "| \(kText) | \(keyframes) | \(ms(firstPass)), \(firstApplications) reductions | \(String(format: "%.3f", random * 1000)) ms, \(String(format: "%.1f", randomApplications)) reductions | \(ms(bisect)), \(bisectApplications) reductions, \(probesMade) probes |"
    )
    fflush(nil)
  }

  static func ms(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }

  /// The real command, end to end, with its peak memory.
  static func cliBisect(path: String, bugAt: Int) {
    guard FileManager.default.isExecutableFile(atPath: replayBinary) else { return }
    let run = runProcess(
      [replayBinary, path, "--reducer", "todo", "--bisect", "--predicate", predicate],
      measureMemory: true)
    let first = run.stdout.split(separator: "\n").first ?? ""
    print(
      "\n`replay LOG --reducer todo --bisect --predicate '\(predicate)'`: \(String(format: "%.2f", run.seconds)) s, peak RSS \(run.peakRSSMB.map { String(format: "%.0f MB", $0) } ?? "?"): \(first) (planted at \(bugAt))"
    )
  }
}
