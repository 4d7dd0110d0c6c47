import Foundation
import TimeTravel
import TimeTravelJQ

/// Full scans of one log beside the peers a user would pick for the same question, all
/// in the same run on the same file (from the page cache): jq 1.6, gojq, jq 1.8 through
/// Python's `jq`, Python's `json`, orjson, pysimdjson and DuckDB, each skipped with the
/// reason when it is not installed. Every figure is the median of `runs` runs.
enum ScanBench {
  /// The questions of the table, as replay asks them and as each peer is asked.
  enum Question: String, CaseIterable {
    case summary, find, watchDeep = "watch-deep", watchContainer = "watch-container"
    case watchContainerText = "watch-container-text"
    case wholeTree = "whole-tree"

    var title: String {
      switch self {
      case .summary: "summary: actions by name"
      case .find: #"`--find '.action | has("replaceTodo")'`"#
      case .watchDeep: "`--watch /todos/7/isCompleted`"
      case .watchContainer: "`--watch /todos --format json`"
      case .watchContainerText: "`--watch /todos` (text: each hit's changes inside the array)"
      case .wholeTree: "every state whole: `--find '(.next | tojson | length) < 0'`"
      }
    }

    /// The replay command line, for the binary's row.
    var arguments: [String] {
      switch self {
      case .summary: []
      case .find: ["--find", #".action | has("replaceTodo")"#]
      case .watchDeep: ["--watch", "/todos/7/isCompleted"]
      case .watchContainer: ["--watch", "/todos", "--format", "json"]
      case .watchContainerText: ["--watch", "/todos"]
      case .wholeTree: ["--find", "(.next | tojson | length) < 0"]
      }
    }

    /// The jq program of the jq 1.6 and gojq rows.
    var jqProgram: String {
      switch self {
      case .summary:
        "reduce (inputs | select(.action) | .action | keys[0]) as $k ({}; .[$k] += 1) | add"
      case .find: #"select(.action) | select(.action | has("replaceTodo")) | .seq"#
      case .watchDeep:
        "select(.action) | select(.prior.todos[7].isCompleted != .next.todos[7].isCompleted) | .seq"
      case .watchContainer, .watchContainerText:
        "select(.action) | select(.prior.todos != .next.todos) | {seq, time, action, actionName: (.action | keys_unsorted[0]), old: .prior.todos, new: .next.todos}"
      case .wholeTree: "select(.action) | select((.next | tojson | length) < 0) | .seq"
      }
    }
  }

  static func run(options: Options) {
    let path: String
    if let existing = options.log {
      path = existing
    } else {
      path = "\(directory)/scan.jsonl"
      _ = try! Generate.log(path: path, bytes: options.sizeMB * 1_000_000)
    }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    _ = runProcess(["/bin/sh", "-c", "cat '\(path)' > /dev/null"])
    let runs = options.quick ? 1 : 3
    let threads = ScanThreads.default
    print("\nscan log: \(path), \(bytes / 1_000_000) MB; \(threads) threads; load \(loadAverage())")
    let script = "\(directory)/peers.py"
    try? PeerScript.source.write(toFile: script, atomically: true, encoding: .utf8)
    if let name = options.question {
      guard let question = Question(rawValue: name) else {
        print("no question \(name): \(Question.allCases.map(\.rawValue).joined(separator: ", "))")
        return
      }
      for threads in [threads, 1] {
        let measure = InProcessScan.measure(question, path: path, threads: threads, runs: runs)
        print(
          "\(name), \(threads) threads: \(secs(measure.seconds)) (\(measure.answer)), CPU/wall \(String(format: "%.2f", measure.cpuRatio))"
        )
      }
      return
    }
    for question in Question.allCases {
      var table = Table("\(question.title) (\(bytes / 1_000_000) MB log)")
      let ours = InProcessScan.measure(question, path: path, threads: threads, runs: runs)
      let single = InProcessScan.measure(question, path: path, threads: 1, runs: runs)
      table.add(
        "replay library, \(threads) threads (CPU/wall \(String(format: "%.2f", ours.cpuRatio)))",
        ours: "\(secs(ours.seconds)) (\(ours.answer))")
      table.add("replay library, 1 thread", ours: "\(secs(single.seconds)) (\(single.answer))")
      if FileManager.default.isExecutableFile(atPath: replayBinary) {
        let binary = medianRun(runs) {
          runProcess([replayBinary, path] + question.arguments, measureMemory: true)
        }
        let rss = binary.peakRSSMB.map { ", peak RSS \(mb($0))" } ?? ""
        table.add("replay binary as built", ours: secs(binary.seconds) + rss)
      }
      for peer in peers(question, path: path, script: script, runs: runs) {
        switch peer.result {
        case .success(let (seconds, answer)):
          table.add(
            peer.name, ours: "", peer: "\(secs(seconds)) (\(answer))",
            ratio: speedup(ours: ours.seconds, peer: seconds))
        case .failure(let reason):
          table.add(peer.name, ours: "", peer: "skipped: \(reason.message)")
        }
      }
      table.notes.append(
        "Ratio: the peer's time ÷ the replay library's on \(threads) threads; answers in parentheses (entries counted or printed) must agree. Median of \(runs)."
      )
      table.print()
    }
  }

  struct Skip: Error {
    var message: String
  }

  /// Each peer's time and answer on `question`, or why it was skipped.
  static func peers(_ question: Question, path: String, script: String, runs: Int) -> [(
    name: String, result: Result<(Double, String), Skip>
  )] {
    var results: [(String, Result<(Double, String), Skip>)] = []
    // No peer prints a diff of each changed array: they are measured on the JSON question.
    guard question != .watchContainerText else {
      return [
        ("peers", .failure(Skip(message: "measured in the `--watch /todos --format json` table")))
      ]
    }
    for (name, tool) in [("jq 1.6", "jq"), ("gojq", "gojq")] {
      guard let binary = which(tool) else {
        results.append(
          (name, .failure(Skip(message: "\(tool) not found (apt-get install \(tool))"))))
        continue
      }
      let flags = question == .summary ? "-n" : "-c"
      let quoted = question.jqProgram.replacingOccurrences(of: "'", with: "'\\''")
      // The summary prints its total; the others one line per entry found.
      let count = question == .summary ? "tail -1" : "wc -l"
      let command = "'\(binary)' \(flags) '\(quoted)' '\(path)' | \(count)"
      let run = medianRun(runs) { runProcess(["/bin/sh", "-c", command], timeLimit: 900) }
      let answer = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
      results.append(
        (
          name,
          run.status == 0
            ? .success((run.seconds, answer)) : .failure(Skip(message: "exit \(run.status)"))
        ))
    }
    for (name, peer) in [
      ("jq 1.8 (Python jq, libjq)", "jq"), ("Python json", "json"), ("Python + orjson", "orjson"),
      ("pysimdjson, per line in Python", "simdjson"), ("DuckDB read_ndjson_objects", "duckdb"),
    ] {
      guard let python else {
        results.append((name, .failure(Skip(message: "python3 not found"))))
        continue
      }
      let run = runProcess(
        [python, script, path, peer, question.rawValue, String(runs)], timeLimit: 1800)
      let fields = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(
        separator: " ", maxSplits: 1)
      if fields.first == "skip" {
        results.append((name, .failure(Skip(message: String(fields.dropFirst().first ?? "")))))
      } else if fields.count == 2, let seconds = Double(fields[0]) {
        results.append((name, .success((seconds, String(fields[1])))))
      } else {
        results.append((name, .failure(Skip(message: "failed: \(run.stderr.suffix(200))"))))
      }
    }
    return results
  }

  /// The run of median time among `runs` runs of `body`.
  static func medianRun(_ runs: Int, _ body: () -> ProcessRun) -> ProcessRun {
    let all = (0..<runs).map { _ in body() }.sorted { $0.seconds < $1.seconds }
    return all[all.count / 2]
  }

  /// The 1-minute load average, as `uptime` shows it.
  static func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ")
      .first.map(String.init) ?? "unknown"
  }
}
