import Foundation

/// Monotonic time in seconds.
func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// Runs `body` `runs` times and returns the median duration in seconds.
func medianSeconds(runs: Int, _ body: () throws -> Void) rethrows -> Double {
  var times: [Double] = []
  for _ in 0..<runs {
    let start = now()
    try body()
    times.append(now() - start)
  }
  times.sort()
  return times[times.count / 2]
}

/// What a child process did.
struct ProcessRun {
  var status: Int32
  var stdout: String
  var stderr: String
  var seconds: Double
  /// Peak resident set size from `/usr/bin/time -v`, in MB; `nil` otherwise.
  var peakRSSMB: Double?
  /// Whether the run was cut off by its time limit.
  var timedOut: Bool
}

/// Runs `arguments[0]` with the rest, feeding `input` on stdin. With
/// `measureMemory` it runs under `/usr/bin/time -v` and reads the peak RSS.
func runProcess(
  _ arguments: [String], input: String = "", measureMemory: Bool = false,
  timeLimit: Double = 600
) -> ProcessRun {
  let process = Process()
  let command = measureMemory ? ["/usr/bin/time", "-v"] + arguments : arguments
  process.executableURL = URL(fileURLWithPath: command[0])
  process.arguments = Array(command.dropFirst())
  let outPipe = Pipe()
  let errPipe = Pipe()
  let inPipe = Pipe()
  process.standardOutput = outPipe
  process.standardError = errPipe
  process.standardInput = inPipe
  let start = now()
  do {
    try process.run()
  } catch {
    return ProcessRun(
      status: -1, stdout: "", stderr: "\(error)", seconds: 0, peakRSSMB: nil, timedOut: false)
  }
  inPipe.fileHandleForWriting.write(Data(input.utf8))
  try? inPipe.fileHandleForWriting.close()
  // Read both pipes concurrently so a chatty child never blocks on a full pipe.
  let group = DispatchGroup()
  nonisolated(unsafe) var outData = Data()
  nonisolated(unsafe) var errData = Data()
  group.enter()
  DispatchQueue.global().async {
    outData = outPipe.fileHandleForReading.readDataToEndOfFile()
    group.leave()
  }
  group.enter()
  DispatchQueue.global().async {
    errData = errPipe.fileHandleForReading.readDataToEndOfFile()
    group.leave()
  }
  var timedOut = false
  while process.isRunning {
    if now() - start > timeLimit {
      process.terminate()
      timedOut = true
      break
    }
    usleep(2000)
  }
  process.waitUntilExit()
  let seconds = now() - start
  group.wait()
  let stderr = String(decoding: errData, as: UTF8.self)
  var rss: Double?
  if measureMemory,
    let line = stderr.split(separator: "\n").first(where: {
      $0.contains("Maximum resident set size")
    }),
    let kb = Double(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces))
  {
    rss = kb / 1024
  }
  return ProcessRun(
    status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
    stderr: stderr, seconds: seconds, peakRSSMB: rss, timedOut: timedOut)
}

/// Whether `executable` is found on `PATH` (or is an existing path).
func which(_ executable: String) -> String? {
  if executable.contains("/") {
    return FileManager.default.isExecutableFile(atPath: executable) ? executable : nil
  }
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for directory in path.split(separator: ":") {
    let candidate = "\(directory)/\(executable)"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}

/// A results table: each of our figures beside its peer, with the ratio.
struct Table {
  struct Row {
    var measure: String
    var ours: String
    var peer: String
    var ratio: String
  }

  var title: String
  var rows: [Row] = []
  var notes: [String] = []

  init(_ title: String) { self.title = title }

  mutating func add(_ measure: String, ours: String, peer: String = "", ratio: String = "") {
    rows.append(Row(measure: measure, ours: ours, peer: peer, ratio: ratio))
  }

  /// Prints as a Markdown table, so `docs/benchmarks.md` can quote it as is.
  func print() {
    Swift.print("\n### \(title)\n")
    let header = Row(measure: "measure", ours: "replay", peer: "peer (same run)", ratio: "ratio")
    let all = [header] + rows
    let widths = [
      all.map(\.measure.count).max()!, all.map(\.ours.count).max()!,
      all.map(\.peer.count).max()!, all.map(\.ratio.count).max()!,
    ]
    func line(_ r: Row) -> String {
      let cells = [r.measure, r.ours, r.peer, r.ratio]
      return "| "
        + zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }
        .joined(separator: " | ") + " |"
    }
    Swift.print(line(header))
    Swift.print(
      "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
    for row in rows { Swift.print(line(row)) }
    for note in notes { Swift.print("\n- \(note)") }
    fflush(nil)
  }
}

func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
func secs(_ seconds: Double) -> String { String(format: "%.2f s", seconds) }
func mbps(_ bytes: Int, _ seconds: Double) -> String {
  String(format: "%.0f MB/s", Double(bytes) / 1e6 / seconds)
}
func mb(_ value: Double) -> String { String(format: "%.0f MB", value) }
/// "3.2× faster" style ratio of peer time over our time.
func speedup(ours: Double, peer: Double) -> String {
  ours > 0 ? String(format: "%.1f×", peer / ours) : "—"
}
