import Foundation
import TimeTravel
import TimeTravelJQ
import TodoReducer

/// Delta debugging on the keyframe benchmark's action-only log (20,000 entries with
/// `--quick`, 100,000 otherwise): how many replays and reducer applications a 1-minimal
/// reproduction of one, two and three actions takes, and the wall time, with candidates
/// replayed from their last shared keyframe and, beside it, from the initial state.
/// Predicates are jq, as `replay --minimize` runs them.
enum MinimizeBench {
  /// Predicates and the size of their smallest reproduction. The last needs todo-7
  /// toggled an odd number of times: ddmin keeps seven toggles, since removing any one
  /// of them makes the count even (1-minimal is not the minimum; `nil`: not checked).
  static let predicates: [(String, Int?)] = [
    (KeyframeBench.predicate, 1),
    (#"any(.todos[]; .title == "   ") and any(.todos[]; .id == "todo-7")"#, 2),
    (
      #"any(.todos[]; .title == "   ") and any(.todos[]; .id == "todo-7") and any(.todos[]; .id == "todo-8")"#,
      3
    ),
    (#"any(.todos[]; .title == "   ") and any(.todos[]; .id == "todo-7" and .isCompleted)"#, nil),
  ]

  static func run(options: Options) {
    let count = options.quick ? 20_000 : 100_000
    let bugAt = count * 73 / 100 + 7
    let path = "\(directory)/minimize.jsonl"
    do {
      try KeyframeBench.generate(path: path, count: count, bugAt: bugAt)
      print("\n## Minimising the \(count)-entry action-only log (planted at \(bugAt))\n")
      print(
        "| predicate | kept | replays | reducer applications | wall (CPU) time, K = 64 | the same, every candidate from the initial state |"
      )
      print("|---|---|---|---|---|---|")
      for (source, expected) in predicates {
        try measure(path: path, source: source, expected: expected, count: count)
      }
    } catch {
      print("minimize bench failed: \(error)")
    }
  }

  static func measure(path: String, source: String, expected: Int?, count: Int) throws {
    let filter = try JQFilter(source)
    let predicate: StatePredicate = { try filter.holds(on: $0.state) }
    let todo = StateRecomputer(name: "todo", reducer: TodoReducer(), initialState: TodoState())
    var (start, startCPU) = (now(), cpu())
    let result = try HistoryMinimizer(log: try LogFile(path: path), recomputer: todo).run(
      predicate: predicate)
    let keyframed = (now() - start, cpu() - startCPU)
    (start, startCPU) = (now(), cpu())
    let plain = try HistoryMinimizer(
      log: try LogFile(path: path), recomputer: todo, keyframeInterval: count + 1
    ).run(predicate: predicate)
    let fromStart = (now() - start, cpu() - startCPU)
    if expected.map({ $0 != result.kept.count }) ?? false || plain.kept != result.kept {
      print("unexpected: kept \(result.kept.map(\.seq)) and \(plain.kept.map(\.seq)) for \(source)")
    }
    let kept = result.kept.map { "\($0.seq ?? 0)" }.joined(separator: ", ")
    print(
      "| `\(source.replacingOccurrences(of: "|", with: "\\|"))` | \(kept) | \(result.replays) | \(result.applications) (\(plain.applications) from the initial state) | \(seconds(keyframed)) | \(seconds(fromStart)) |"
    )
    fflush(nil)
  }

  static func seconds(_ times: (wall: Double, cpu: Double)) -> String {
    String(format: "%.2f s (%.2f s)", times.wall, times.cpu)
  }

  /// User and system CPU time of this process so far, in seconds.
  static func cpu() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
  }
}
