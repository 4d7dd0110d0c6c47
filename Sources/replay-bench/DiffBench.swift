import Foundation
import TimeTravel

/// `JSONDiff.changes` on large states, beside Python's deepdiff.
enum DiffBench {
  static let deepDiffScript = """
    import json, sys, time
    from deepdiff import DeepDiff
    a = json.load(open(sys.argv[1], encoding="utf-8"))
    b = json.load(open(sys.argv[2], encoding="utf-8"))
    runs = int(sys.argv[3])
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        DeepDiff(a, b)
        times.append(time.perf_counter() - start)
    times.sort()
    print(times[len(times) // 2])
    """

  static func run(options: Options) {
    var table = Table("Diff: ms per diff, median; parsing excluded")
    let script = "\(directory)/deepdiff_bench.py"
    try? deepDiffScript.write(toFile: script, atomically: true, encoding: .utf8)
    let cases: [(String, Generate.DiffCase, Int)] = [
      ("(a) 10,000 to-dos, one field changed", .oneField, options.quick ? 5 : 15),
      ("(b) 10,000 to-dos, first deleted", .firstDeleted, options.quick ? 5 : 15),
      ("(c) ~20 MB states, 1% of fields changed", .large, options.quick ? 1 : 3),
    ]
    for (name, kind, runs) in cases {
      let (oldText, newText) = Generate.diffPair(kind)
      let oldPath = "\(directory)/diff-old.json"
      let newPath = "\(directory)/diff-new.json"
      try? oldText.write(toFile: oldPath, atomically: true, encoding: .utf8)
      try? newText.write(toFile: newPath, atomically: true, encoding: .utf8)
      var old: JSONValue = .null
      var new: JSONValue = .null
      let parseTime = medianSeconds(runs: 1) {
        old = try! JSONParser.parse(oldText)
        new = try! JSONParser.parse(newText)
        // Build every container now, so that the diff's time excludes building.
        ParseBench.buildAll(old)
        ParseBench.buildAll(new)
      }
      var changeCount = 0
      let diffTime = medianSeconds(runs: runs) {
        changeCount = JSONDiff.changes(from: old, to: new).count
      }
      var peer = "deepdiff not installed (pip install deepdiff)"
      var ratio = ""
      if hasDeepDiff, let python {
        let limit = options.quick ? 60.0 : 300.0
        let result = runProcess(
          [python, script, oldPath, newPath, String(kind == .large ? 1 : 3)], timeLimit: limit)
        if result.timedOut {
          peer = "deepdiff: > \(Int(limit)) s (stopped)"
          ratio = "> " + speedup(ours: diffTime, peer: limit)
        } else if let seconds = Double(
          result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        {
          peer = "deepdiff \(ms(seconds))"
          ratio = speedup(ours: diffTime, peer: seconds)
        } else {
          peer = "deepdiff failed: \(result.stderr.suffix(200))"
        }
      }
      let size = String(format: "%.1f MB", Double(oldText.utf8.count) / 1e6)
      table.add(
        "\(name) [\(size) each, \(changeCount) changes]", ours: ms(diffTime), peer: peer,
        ratio: ratio)
      table.add("    parse and build both with JSONParser (excluded above)", ours: ms(parseTime))
    }
    table.notes.append("Goal: (a) and (b) under 50 ms in release.")
    table.notes.append(
      "deepdiff is timed inside Python around `DeepDiff(a, b)` only (json.load excluded), median of 3 ((c): 1 run)."
    )
    table.print()
  }
}
