import Foundation

/// The lines entered at the prompt, oldest first, as readline's history list
/// keeps them: bounded, with no empty lines and no line equal to the one
/// before it (bash's `HISTCONTROL=ignoredups`, gdb's `set history remove-duplicates 1`).
struct LineHistory: Equatable {
  /// How many entries are kept; older ones are dropped first.
  static let defaultLimit = 1000

  /// The entries, oldest first, without surrounding whitespace (as the stepper
  /// trims its commands).
  private(set) var entries: [String] = []
  /// The most entries kept.
  let limit: Int

  /// An empty history keeping at most `limit` entries.
  init(limit: Int = LineHistory.defaultLimit) { self.limit = max(1, limit) }

  /// A history of `lines` (oldest first), each added as ``add(_:)`` would.
  init(_ lines: some Sequence<String>, limit: Int = LineHistory.defaultLimit) {
    self.init(limit: limit)
    for line in lines { add(line) }
  }

  /// Adds `line` without its surrounding whitespace, unless it is then empty
  /// or equal to the newest entry; drops the oldest entry beyond ``limit``.
  /// - Returns: The entry added, or `nil` when nothing was.
  @discardableResult
  mutating func add(_ line: String) -> String? {
    let entry = line.trimmingCharacters(in: .whitespaces)
    guard !entry.isEmpty, entry != entries.last else { return nil }
    entries.append(entry)
    if entries.count > limit { entries.removeFirst(entries.count - limit) }
    return entry
  }
}
