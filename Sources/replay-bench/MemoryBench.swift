import Foundation

/// The real `replay` binary's wall time and peak RSS on
/// two log sizes, and bisect and summary against jq and Python.
enum MemoryBench {
  static let predicate = #"any(.todos[]; .title == "")"#

  static let pythonSummary = """
    import json, sys, time
    start = time.perf_counter()
    counts = {}
    previous = None
    breaks = 0
    with open(sys.argv[1], "rb") as f:
        for number, line in enumerate(f):
            entry = json.loads(line)
            if number == 0 and "action" not in entry:
                continue
            action = entry["action"]
            name = action if isinstance(action, str) else next(iter(action))
            counts[name] = counts.get(name, 0) + 1
            if previous is not None and entry["prior"] != previous:
                breaks += 1
            previous = entry["next"]
    print(time.perf_counter() - start)
    """

  static func run(options: Options) {
    guard FileManager.default.isExecutableFile(atPath: replayBinary) else {
      print(
        "\nnote: no replay binary at \(replayBinary); build it first "
          + "(swift build -c release --product replay) to get the memory and bisect figures.")
      return
    }
    let script = "\(directory)/summary_bench.py"
    try? pythonSummary.write(toFile: script, atomically: true, encoding: .utf8)
    print("\nreplay binary: \(replayBinary)")
    // Three sizes a decade apart at full size, to show peak RSS staying flat.
    let sizes = Set([max(4, options.sizeMB / 40), max(4, options.sizeMB / 4), options.sizeMB])
      .sorted()
    for size in sizes {
      let path = "\(directory)/memory-\(size).jsonl"
      let log = try! Generate.log(path: path, bytes: size * 1_000_000)
      let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      // Warm the page cache so every tool reads from memory.
      _ = runProcess(["/bin/sh", "-c", "cat '\(path)' > /dev/null"])
      var table = Table(
        "replay binary on a \(bytes / 1_000_000) MB log (\(log.entries) entries; bug at entry \(log.bugAt))"
      )
      func replay(_ arguments: [String], input: String = "") -> ProcessRun {
        runProcess([replayBinary, path] + arguments, input: input, measureMemory: true)
      }
      func describe(_ run: ProcessRun) -> String {
        let rss = run.peakRSSMB.map { ", peak RSS \(mb($0))" } ?? ""
        return "\(secs(run.seconds))\(rss)\(run.status == 0 ? "" : " (exit \(run.status))")"
      }
      let show = replay(["--show", String(log.entries / 2)])
      table.add("--show \(log.entries / 2)", ours: describe(show))
      let step = replay(["--step"], input: "n\nn\nq\n")
      table.add("--step (n, n, q)", ours: describe(step))

      let bisect = replay(["--bisect", "--predicate", predicate])
      let found = bisect.stdout.split(separator: "\n").first.map(String.init) ?? ""
      var jqPeer = "jq not found"
      var jqRatio = ""
      if let jq {
        let jqRun = runProcess([
          "/bin/sh", "-c",
          "'\(jq)' -c 'select(.action != null and any(.next.todos[]; .title == \"\")) | .seq' '\(path)' | head -1",
        ])
        jqPeer =
          "jq linear scan \(secs(jqRun.seconds)) → seq \(jqRun.stdout.trimmingCharacters(in: .whitespacesAndNewlines))"
        jqRatio = speedup(ours: bisect.seconds, peer: jqRun.seconds)
      }
      table.add(
        "--bisect --predicate (\(found.prefix(40)))", ours: describe(bisect), peer: jqPeer,
        ratio: jqRatio)

      // Reading one field of every entry: the lazy parse builds only the path to it.
      let watch = replay(["--watch", ".editingID"])
      var watchPeer = "jq not found"
      var watchRatio = ""
      if let jq {
        let jqRun = runProcess([
          "/bin/sh", "-c",
          "'\(jq)' -c '[.seq, .prior.editingID, .next.editingID]' '\(path)' > /dev/null",
        ])
        watchPeer = "jq reading the same fields \(secs(jqRun.seconds))"
        watchRatio = speedup(ours: watch.seconds, peer: jqRun.seconds)
      }
      table.add("--watch .editingID", ours: describe(watch), peer: watchPeer, ratio: watchRatio)

      let summary = replay([])
      if let python {
        let run = runProcess([python, script, path])
        if let seconds = Double(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) {
          table.add(
            "summary `replay LOG` (binary as built)", ours: describe(summary),
            peer: "Python json.loads + chain check \(secs(seconds))",
            ratio: speedup(ours: summary.seconds, peer: seconds))
        }
      }
      if let jq {
        let run = runProcess([
          "/bin/sh", "-c",
          "'\(jq)' -r 'select(.action != null) | .action | keys[0]' '\(path)' | sort | uniq -c > /dev/null",
        ])
        table.add(
          "summary `replay LOG` (binary as built)", ours: secs(summary.seconds),
          peer: "jq action counts \(secs(run.seconds))",
          ratio: speedup(ours: summary.seconds, peer: run.seconds))
      }
      table.notes.append(
        "Goals: peak RSS < 100 MB and flat across sizes; bisect ≥ 20× faster than jq's linear scan."
      )
      table.print()
      try? FileManager.default.removeItem(atPath: path)
    }
  }
}
