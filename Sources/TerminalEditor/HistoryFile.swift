import Foundation

/// Where the stepper keeps its command history between sessions, one entry a
/// line: `~/.replay_history`, or the file `REPLAY_HISTORY` names (empty: no
/// history file), as psql, sqlite3 and node keep `~/.psql_history`
/// (`PSQL_HISTORY`), `~/.sqlite_history` (`SQLITE_HISTORY`) and
/// `~/.node_repl_history` (`NODE_REPL_HISTORY`).
///
/// Each entry is appended as it is entered, so a session that is killed loses
/// nothing; the file is cut back to the newest `LineHistory.limit` entries when
/// it is next loaded. Entries holding a control character, a line separator or a
/// bidi override are never written (the file holds no raw control characters),
/// and such lines in the file are skipped when it is read. The file is created
/// with mode 0600, as bash creates `~/.bash_history`. Failures to read or write
/// it are silent: history is a convenience, never a reason to stop stepping.
public struct HistoryFile {
  /// The file's path.
  public let path: String

  /// The history kept in the file at `path`, which need not exist yet.
  public init(path: String) { self.path = path }

  /// The most bytes read from the end of the file: ample for the entries kept,
  /// and a bound on the work a huge or hostile file can cause.
  static let readLimit = 1 << 20

  /// The history file for `environment`: `REPLAY_HISTORY` if set (`nil` when
  /// it is empty, which turns the file off), else `$HOME/.replay_history`;
  /// `nil` without a `HOME`.
  public static func path(environment: [String: String]) -> String? {
    if let chosen = environment["REPLAY_HISTORY"] { return chosen.isEmpty ? nil : chosen }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home.hasSuffix("/") ? home + ".replay_history" : home + "/.replay_history"
  }

  /// Whether `entry` may be written: it holds no character that
  /// ``TerminalText/needsEscape(_:)``, so each entry is one line of plain text.
  static func isStorable(_ entry: String) -> Bool {
    !entry.unicodeScalars.contains(where: TerminalText.needsEscape)
  }

  /// The entries in the file, oldest first, as a history of at most `limit`:
  /// lines that are not UTF-8 or hold control characters are skipped, and a
  /// file over the limit is rewritten with the newest entries only. An absent
  /// or unreadable file, or one that is not a regular file, is an empty history. O(file size), at most
  /// ``readLimit`` bytes read.
  func load(limit: Int = LineHistory.defaultLimit) -> LineHistory {
    // Only a regular file: opening a FIFO would wait for a writer, and a device
    // could be endless.
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
      let handle = FileHandle(forReadingAtPath: path)
    else { return LineHistory(limit: limit) }
    defer { try? handle.close() }
    guard let size = try? handle.seekToEnd() else { return LineHistory(limit: limit) }
    let start = size > UInt64(Self.readLimit) ? size - UInt64(Self.readLimit) : 0
    guard (try? handle.seek(toOffset: start)) != nil, let data = try? handle.readToEnd() else {
      return LineHistory(limit: limit)
    }
    var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    // Reading from the middle starts inside a line: drop that part.
    if start > 0, !lines.isEmpty { lines.removeFirst() }
    var entries: [String] = []
    for var bytes in lines {
      if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
      guard let line = String(validating: bytes, as: UTF8.self), Self.isStorable(line) else {
        continue
      }
      entries.append(line)
    }
    let history = LineHistory(entries, limit: limit)
    if start > 0 || entries.count > limit { rewrite(history.entries) }
    return history
  }

  /// Appends `entry` as one line, creating the file (mode 0600) if needed;
  /// does nothing when the entry is not ``isStorable(_:)``.
  func append(_ entry: String) {
    guard Self.isStorable(entry) else { return }
    // Non-blocking: a FIFO with no reader fails at once rather than waiting.
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o600)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    Self.writeAll(descriptor, Array((entry + "\n").utf8))
  }

  /// Replaces the file with `entries`, through a temporary file renamed over
  /// it, so a reader never sees half a file.
  private func rewrite(_ entries: [String]) {
    let temporary = path + ".\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    let text = entries.map { $0 + "\n" }.joined()
    let written = Self.writeAll(descriptor, Array(text.utf8))
    close(descriptor)
    if !written || rename(temporary, path) != 0 { unlink(temporary) }
  }

  @discardableResult
  private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      offset += count
    }
    return true
  }
}
