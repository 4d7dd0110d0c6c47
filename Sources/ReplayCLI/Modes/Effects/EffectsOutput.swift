import TerminalEditor
import TimeTravel

/// What `--effects [K]` reports: the runs in flight at state K, and a table of every
/// effect's runs over the log.
struct EffectsOutput: ModeOutput {
  /// Whether the log has effect records at all.
  var hasRecords: Bool
  var at: StateLabel
  /// Entry K; `nil` at the initial state.
  var atEntry: LogEntry?
  /// Whether state K is the log's last.
  var isEnd: Bool
  /// The time of state K (entry K's, or the closing record's at the end), if recorded.
  var time: String?
  /// Whether ``time`` is the closing record's (the end of the log) rather than entry K's.
  var timeIsClosing = false
  var running: [EffectRun]
  var runs: [EffectRun]

  /// One effect's runs over the log.
  struct Tally: Encodable, Equatable {
    var effect: String
    var runs = 0
    var completed = 0
    var cancelled = 0
    var failed = 0
    var running = 0
  }

  /// A run in flight: `{effect, id, cause, site?, started?, seconds?}`, `seconds` how long
  /// it had run at state K's time; negative when its start record's time is later (it
  /// started after entry K's time, as a run entry K's reducer started does, or the clocks
  /// disagree).
  struct RunningRecord: Encodable {
    var effect: String
    var id: Int
    var cause: Int?
    var site: JSONValue?
    var started: String?
    var seconds: Double?
  }

  struct Record: Encodable {
    var at: StateLabel
    var running: [RunningRecord]
    var effects: [Tally]
    var runningAtEnd: Int
  }

  var exitCode: Int32 { hasRecords ? ExitCode.success : ExitCode.notFound }

  /// Each effect's tally, in the order of its first run.
  var tallies: [Tally] {
    var order: [String] = []
    var byName: [String: Tally] = [:]
    for run in runs {
      if byName[run.name] == nil {
        order.append(run.name)
        byName[run.name] = Tally(effect: run.name)
      }
      byName[run.name]!.runs += 1
      switch run.end?.outcome {
      case nil: byName[run.name]!.running += 1
      case "completed": byName[run.name]!.completed += 1
      case "cancelled": byName[run.name]!.cancelled += 1
      default: byName[run.name]!.failed += 1
      }
    }
    return order.map { byName[$0]! }
  }

  /// How long `run` had run at state K's time, in seconds, when both times are known:
  /// state K's time minus the run's start time, so negative when the start is later.
  func seconds(_ run: EffectRun) -> Double? {
    guard let started = run.started.flatMap(RFC3339Instant.init),
      let now = time.flatMap(RFC3339Instant.init)
    else { return nil }
    return now.seconds(after: started)
  }

  /// `running for 8 s`; for a run whose start is later than state K's time, `started
  /// 1 s after entry 4's time` (or `after the log's closing time`), never a made-up 0 s.
  func age(_ run: EffectRun) -> String? {
    guard let seconds = seconds(run) else { return nil }
    if seconds >= 0 { return "running for \(Self.duration(seconds))" }
    let clock =
      timeIsClosing
      ? "the log's closing time" : atEntry.map { "entry \($0.seq)'s time" } ?? "this state's time"
    return "started \(Self.duration(-seconds)) after \(clock)"
  }

  var record: Record {
    Record(
      at: at,
      running: running.map {
        RunningRecord(
          effect: $0.name, id: $0.id, cause: $0.cause, site: $0.site?.jsonValue,
          started: $0.started, seconds: seconds($0))
      },
      effects: tallies, runningAtEnd: runs.count { $0.end == nil })
  }

  func text(_ style: TextStyle) -> String {
    guard hasRecords else {
      return
        "the log has no effect records: its writer did not record effects starting and ending\n"
    }
    var place = atEntry.map { "after entry \($0.seq) (\(style.name($0.action)))" } ?? "at init"
    if isEnd { place += ", the end of the log" }
    var text =
      running.isEmpty
      ? "no effect running \(place)\n"
      : "\(running.count) \(running.count == 1 ? "effect" : "effects") running \(place):\n"
    for run in running { text += "  " + describe(run, style) + "\n" }
    let stillRunning = runs.count { $0.end == nil }
    text +=
      "effects in the log (\(runs.count) \(runs.count == 1 ? "run" : "runs"), \(stillRunning) still running at the end):\n"
    text += table(style)
    return text
  }

  /// `priceWatch (run 1), started by entry 1 at FILE:LINE in FUNCTION, running for 8 s`
  /// (see ``age(_:)``).
  private func describe(_ run: EffectRun, _ style: TextStyle) -> String {
    var text = "\(TerminalText.sanitize(run.name)) (run \(run.id))"
    if let cause = run.cause { text += ", started by entry \(cause)" }
    if let site = run.site { text += " at \(style.site(site))" }
    if let age = age(run) { text += ", " + age }
    return text
  }

  /// `8 s`, `2.5 s`, `3 min 20 s`.
  static func duration(_ seconds: Double) -> String {
    if seconds < 60 {
      let rounded = (seconds * 1000).rounded() / 1000
      return rounded == rounded.rounded() ? "\(Int(rounded)) s" : "\(rounded) s"
    }
    let total = Int(seconds.rounded())
    let (h, m, s) = (total / 3600, total % 3600 / 60, total % 60)
    return h > 0 ? "\(h) h \(m) min \(s) s" : "\(m) min \(s) s"
  }

  /// The tallies as an aligned table.
  private func table(_ style: TextStyle) -> String {
    let header = ["effect", "runs", "completed", "cancelled", "failed", "running"]
    var rows = [header]
    for tally in tallies {
      rows.append(
        [TerminalText.sanitize(tally.effect)]
          + [tally.runs, tally.completed, tally.cancelled, tally.failed, tally.running].map(
            String.init))
    }
    var widths = header.map(\.count)
    for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
    var text = ""
    for row in rows {
      var line = "  " + row[0] + String(repeating: " ", count: widths[0] - row[0].count)
      for i in 1..<row.count {
        line += "  " + String(repeating: " ", count: widths[i] - row[i].count) + row[i]
      }
      text += line + "\n"
    }
    return text
  }
}
