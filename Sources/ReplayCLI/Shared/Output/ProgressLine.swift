/// A progress line on stderr for long scans, shown only when stderr is a
/// terminal, redrawn in place and erased at the end.
struct ProgressLine {
  let io: any ReplayIO
  let total: Int
  let label: String
  private var lastShown = -1
  /// Whether the line shows at all, asked once: asking is a system call, and a scan
  /// reports every entry.
  private let shows: Bool

  /// A line for `total` items, asked only when stderr is a terminal (where the line
  /// shows): the entries of a log whose index its first scan builds are not counted until
  /// the scan ends, and counting them first would read the log twice.
  init(io: any ReplayIO, total: @autoclosure () -> Int, label: String) {
    self.io = io
    self.label = label
    let terminal = io.errorIsTerminal
    self.total = terminal ? total() : 0
    shows = terminal && self.total >= 1000
  }

  /// Reports that `done` of `total` items are finished; redraws at most once
  /// per percent.
  mutating func update(_ done: Int) {
    guard shows else { return }
    let percent = done * 100 / total
    guard percent != lastShown else { return }
    lastShown = percent
    io.err("\r\(label) \(done)/\(total) (\(percent)%)\u{1B}[K")
  }

  /// Erases the line.
  func finish() {
    guard shows, lastShown >= 0 else { return }
    io.err("\r\u{1B}[K")
  }
}
