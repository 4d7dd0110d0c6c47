import Foundation
import TimeTravel
import TimeTravelJQ

/// Parsing throughput on a log of 100-to-do states (~21 KB lines).
enum ParseBench {
  static let pythonScript = """
    import json, sys, time
    with open(sys.argv[1], "rb") as f:
        lines = f.read().split(b"\\n")
    lines = [l for l in lines if l]
    total = sum(len(l) for l in lines)
    times = []
    for _ in range(int(sys.argv[2])):
        start = time.perf_counter()
        for line in lines:
            json.loads(line)
        times.append(time.perf_counter() - start)
    median = sorted(times)[len(times) // 2]
    try:
        import orjson
    except ImportError:
        print(total, median)
        sys.exit(0)
    # Each value is freed as the next is parsed, as json.loads's and our own timed loops
    # free theirs: keeping them all would leave their freeing out of orjson's time only.
    loads, dumps = [], []
    for _ in range(int(sys.argv[2])):
        start = time.perf_counter()
        for line in lines:
            orjson.loads(line)
        loads.append(time.perf_counter() - start)
        values = [orjson.loads(line) for line in lines]
        start = time.perf_counter()
        for value in values:
            orjson.dumps(value)
        dumps.append(time.perf_counter() - start)
    print(total, median, sorted(loads)[len(loads) // 2], sorted(dumps)[len(dumps) // 2])
    """

  /// The entry shape, for JSONDecoder (which needs a type).
  struct Entry: Decodable {
    struct State: Decodable {
      struct Todo: Decodable {
        var id: String
        var title: String
        var isCompleted: Bool
      }
      struct Sync: Decodable {
        var pending: Int
        var lastError: String?
        var version: Int
      }
      var filter: String
      var isLoading: Bool
      var editingID: String?
      var sync: Sync
      var todos: [Todo]
    }
    var seq: Int?
    var time: String?
    var action: [String: [String: String]]?
    var prior: State
    var next: State
  }

  static func run(options: Options) {
    let path = "\(directory)/parse.jsonl"
    let generated = now()
    let log = try! Generate.log(path: path, bytes: options.sizeMB * 1_000_000)
    let data = try! Data(contentsOf: URL(fileURLWithPath: path))
    print(
      "\ngenerated \(path): \(data.count / 1_000_000) MB, \(log.entries) entries in \(secs(now() - generated))"
    )
    fflush(nil)
    var table = Table(
      "Parsing: \(data.count / 1_000_000) MB log, \(log.entries) entries of ~\(data.count / log.entries / 1000) KB"
    )
    let lines: [Range<Int>] = data.withUnsafeBytes { raw in
      var result: [Range<Int>] = []
      var start = 0
      let bytes = raw.bindMemory(to: UInt8.self)
      for i in 0..<bytes.count where bytes[i] == 0x0A {
        result.append(start..<i)
        start = i + 1
      }
      return Array(result.dropFirst())  // the header
    }
    let entryBytes = lines.reduce(0) { $0 + $1.count }
    let runs = options.quick ? 1 : 3
    if let question = options.question {
      runQuestion(question, data: data, lines: lines, runs: runs)
      try? FileManager.default.removeItem(atPath: path)
      return
    }

    func eachLine(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
      data.withUnsafeBytes { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        for range in lines { body(UnsafeBufferPointer(rebasing: bytes[range])) }
      }
    }

    let scanTime = medianSeconds(runs: runs) {
      eachLine { line in _ = try! EntryScanner.scan(line: line) }
    }
    let validateTime = medianSeconds(runs: runs) {
      eachLine { line in precondition(JSONValidator.isValid(line)) }
    }
    let parserTime = medianSeconds(runs: runs) {
      eachLine { line in _ = try! JSONParser.parse(bytes: line) }
    }
    let fieldTime = medianSeconds(runs: runs) {
      eachLine { line in
        let value = try! JSONParser.parse(bytes: line)
        precondition(value["next"]?["todos"]?.arrayValue?.count ?? 0 > 0)
      }
    }
    let builtTime = medianSeconds(runs: runs) {
      eachLine { line in buildAll(try! JSONParser.parse(bytes: line)) }
    }
    let eagerTime = medianSeconds(runs: runs) {
      eachLine { line in
        var parser = JSONParser(bytes: line)
        _ = try! parser.parseNext()
      }
    }
    let eagerWalkTime = medianSeconds(runs: runs) {
      eachLine { line in
        var parser = JSONParser(bytes: line)
        buildAll(try! parser.parseNext())
      }
    }

    // Printing: a built tree, and a value still held as its parsed bytes.
    var built: [JSONValue] = []
    eachLine { line in
      var parser = JSONParser(bytes: line)
      built.append(try! parser.parseNext())
    }
    var out: [UInt8] = []
    out.reserveCapacity(64 << 20)
    let printTime = medianSeconds(runs: runs) {
      for value in built {
        out.removeAll(keepingCapacity: true)
        JSONPrinter.compact.write(value, to: &out)
      }
    }
    // jq's `tojson`: the same printer with jq 1.8's number text, to a string.
    let jqPrintTime = medianSeconds(runs: runs) {
      for value in built { precondition(!JSONPrinter.jq.print(value).isEmpty) }
    }
    built = []
    var lazy: [JSONValue] = []
    eachLine { line in lazy.append(try! JSONParser.parse(bytes: line)) }
    let transcodeTime = medianSeconds(runs: runs) {
      for value in lazy {
        out.removeAll(keepingCapacity: true)
        JSONPrinter.compact.write(value, to: &out)
      }
    }
    lazy = []
    eachLine { line in lazy.append(try! JSONParser.parse(bytes: line)) }
    let jqTranscodeTime = medianSeconds(runs: runs) {
      for value in lazy { precondition(!JSONPrinter.jq.print(value).isEmpty) }
    }
    lazy = []
    let parallelBuildTime = medianSeconds(runs: runs) { buildOnEveryCore(data, lines) }
    let parallelEagerTime = medianSeconds(runs: runs) {
      buildOnEveryCore(data, lines, eagerly: true)
    }

    var pythonSeconds: Double?
    var orjson: (loads: Double, dumps: Double)?
    if let python {
      let script = "\(directory)/json_loads_bench.py"
      try? pythonScript.write(toFile: script, atomically: true, encoding: .utf8)
      let result = runProcess([python, script, path, String(runs)])
      let fields = result.stdout.split(separator: " ").map {
        Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      if fields.count >= 2 { pythonSeconds = fields[1] }
      if fields.count == 4, let loads = fields[2], let dumps = fields[3] {
        orjson = (loads, dumps)
      }
    }
    var jqSeconds: Double?
    if let jq {
      let result = runProcess(["/bin/sh", "-c", "'\(jq)' -c . '\(path)' > /dev/null"])
      if result.status == 0 { jqSeconds = result.seconds }
    }
    let serializationTime = medianSeconds(runs: 1) {
      eachLine { line in
        _ = try! JSONSerialization.jsonObject(with: Data(buffer: line))
      }
    }
    let decoder = JSONDecoder()
    let decoderTime = medianSeconds(runs: 1) {
      eachLine { line in _ = try! decoder.decode(Entry.self, from: Data(buffer: line)) }
    }

    func row(_ name: String, _ seconds: Double, bytes: Int = entryBytes) {
      let versus = pythonSeconds.map { speedup(ours: seconds, peer: $0) + " vs json.loads" } ?? ""
      table.add(name, ours: mbps(bytes, seconds), peer: secs(seconds), ratio: versus)
    }
    row("EntryScanner.scan (fast scan path)", scanTime)
    row("JSONValidator.isValid (whole line)", validateTime)
    row("JSONParser.parse → JSONValue (large containers built on first read)", parserTime)
    row("  … then read `.next.todos | length`", fieldTime)
    row("  … then build every container (all json.loads does)", builtTime)
    row("JSONParser.parseNext → JSONValue (all built during the parse)", eagerTime)
    row("  … then the same walk over every container", eagerWalkTime)
    row("JSONPrinter.compact of every built tree", printTime)
    row("JSONPrinter.compact of every lazily parsed value (from its bytes)", transcodeTime)
    row("JSONPrinter.jq (`tojson`) of every built tree, to a String", jqPrintTime)
    row("JSONPrinter.jq (`tojson`) of every lazily parsed value, to a String", jqTranscodeTime)
    row(
      "JSONParser.parse → JSONValue, every container built, on \(ScanThreads.default) threads",
      parallelBuildTime)
    row(
      "JSONParser.parseNext → JSONValue (all built during the parse), on \(ScanThreads.default) threads",
      parallelEagerTime)
    if let orjson {
      table.add(
        "orjson.loads per line (timed in Python)", ours: "",
        peer: mbps(entryBytes, orjson.loads) + " (\(secs(orjson.loads)))",
        ratio:
          "eager build \(speedup(ours: eagerTime, peer: orjson.loads)), lazy + build all \(speedup(ours: builtTime, peer: orjson.loads)), \(ScanThreads.default) threads: lazy + build all \(speedup(ours: parallelBuildTime, peer: orjson.loads)), eager \(speedup(ours: parallelEagerTime, peer: orjson.loads))"
      )
      table.add(
        "orjson.dumps per line (timed in Python)", ours: "",
        peer: mbps(entryBytes, orjson.dumps) + " (\(secs(orjson.dumps)))",
        ratio:
          "tree \(speedup(ours: printTime, peer: orjson.dumps)), from bytes \(speedup(ours: transcodeTime, peer: orjson.dumps)); tojson: tree \(speedup(ours: jqPrintTime, peer: orjson.dumps)), from bytes \(speedup(ours: jqTranscodeTime, peer: orjson.dumps))"
      )
    } else {
      table.add("orjson", ours: "", peer: "skipped: orjson is not installed (pip install orjson)")
    }
    if let pythonSeconds {
      table.add(
        "Python json.loads per line (timed in Python)", ours: "",
        peer: mbps(entryBytes, pythonSeconds) + " (\(secs(pythonSeconds)))", ratio: "1.0×")
    } else {
      table.add("Python json.loads", ours: "", peer: "python3 not found")
    }
    if let jqSeconds {
      table.add(
        "jq 1.6 `-c .` whole file (wall)", ours: "",
        peer: mbps(data.count, jqSeconds) + " (\(secs(jqSeconds)))",
        ratio: pythonSeconds.map { speedup(ours: jqSeconds, peer: $0) } ?? "")
    } else {
      table.add("jq", ours: "", peer: "jq not found")
    }
    table.add(
      "Foundation JSONSerialization per line", ours: "",
      peer: mbps(entryBytes, serializationTime) + " (\(secs(serializationTime)))",
      ratio: pythonSeconds.map { speedup(ours: serializationTime, peer: $0) } ?? "")
    table.add(
      "Foundation JSONDecoder (Codable) per line", ours: "",
      peer: mbps(entryBytes, decoderTime) + " (\(secs(decoderTime)))",
      ratio: pythonSeconds.map { speedup(ours: decoderTime, peer: $0) } ?? "")
    table.notes.append(
      "Ratio column: Python's time ÷ this row's time (above 1 means faster than json.loads). Goal: JSONParser.parse → JSONValue at least 2× json.loads."
    )
    table.notes.append(
      "orjson rows: the ratio is orjson's time ÷ ours (above 1 means faster than orjson). Goals: every container built at least 2× orjson.loads, printing at least 2× orjson.dumps."
    )
    table.notes.append(
      "In-process rows read the file from memory; median of \(runs) run(s) for ours and Python, 1 for Foundation. jq includes its own file reading."
    )

    // The whole summary, in process: today's tree-building path and the scanner's.
    if let logFile = try? LogFile(path: path) {
      var slow: LogSummary?
      var fast: LogSummary?
      let slowTime = medianSeconds(runs: 1) { slow = try! LogSummary(scanning: logFile) }
      let fastTime = medianSeconds(runs: runs) { fast = try! LogSummary(fastScanning: logFile) }
      precondition(slow == fast, "the two summaries differ")
      table.add(
        "LogSummary(fastScanning:) vs LogSummary(scanning:)", ours: mbps(data.count, fastTime),
        peer: "tree path \(mbps(data.count, slowTime))",
        ratio: speedup(ours: fastTime, peer: slowTime))
    }
    table.print()
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Parses every line and builds every container, on every core: each thread takes
  /// every n-th line, parsed lazily and then walked, or `eagerly` (every container built
  /// during the parse, nothing walked).
  static func buildOnEveryCore(_ data: Data, _ lines: [Range<Int>], eagerly: Bool = false) {
    let threads = ScanThreads.default
    data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      nonisolated(unsafe) let shared = bytes
      DispatchQueue.concurrentPerform(iterations: threads) { t in
        for i in stride(from: t, to: lines.count, by: threads) {
          let line = UnsafeBufferPointer(rebasing: shared[lines[i]])
          if eagerly {
            var parser = JSONParser(bytes: line)
            _ = try! parser.parseNext()
          } else {
            buildAll(try! JSONParser.parse(bytes: line))
          }
        }
      }
    }
  }

  /// Reads every container of `value`, so that every lazily built one is built.
  static func buildAll(_ value: JSONValue) {
    var pending = [value]
    while let next = pending.popLast() {
      switch next {
      case .array(let array): pending.append(contentsOf: array.elements)
      case .object(let object): pending.append(contentsOf: object.values)
      default: break
      }
    }
  }
}
