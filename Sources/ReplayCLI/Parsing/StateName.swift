import TerminalEditor
import TimeTravel

/// A state as the command line names it: `init`, the state before the first entry, or
/// an entry's number (its `seq`), the state after that entry. Every number `replay`
/// prints is one of these, so it can be typed back (`Sources/TimeTravel/Documentation.docc/LogFormat.md`, "Numbering of
/// entries and states").
///
/// `init` works whatever the first `seq` is (0, 1, or 5,000 in a ring file), as Redux
/// DevTools names the state before the first action `@@INIT`; `0` names it too when no
/// entry has seq 0, so logs numbered from 1 keep their `0`.
enum StateName: Equatable, Hashable, ExpressibleByIntegerLiteral {
  /// The state before the first entry (its `prior`).
  case initial
  /// The state after the entry with this number.
  case after(Int)

  /// What `init` is spelled.
  static let initialWord = "init"

  /// The state after the entry numbered `value`.
  init(integerLiteral value: Int) { self = .after(value) }

  /// Reads `init` or an integer (negative too, as a `seq` may be); `nil` otherwise.
  init?(_ text: String) {
    if text == Self.initialWord {
      self = .initial
    } else if let n = Int(text) {
      self = .after(n)
    } else {
      return nil
    }
  }

  /// Reads the value of `flag`.
  /// - Throws: ``UsageError`` "FLAG takes a state (init or an entry's seq), not 'x'".
  static func parse(_ text: String, for flag: String) throws(UsageError) -> StateName {
    guard let name = StateName(text) else {
      throw UsageError(
        message:
          "\(flag) takes a state: init, or an entry's seq for the state after it, not '\(TerminalText.sanitize(text))'"
      )
    }
    return name
  }
}

extension Context {
  /// The position (0 for the initial state, else an entry's 1-based position) of the
  /// state `name` names. `0` is `init` when no entry is numbered 0.
  /// - Throws: ``LogError`` `.outOfRange` naming the state and why the log lacks it.
  func position(of name: StateName) throws(LogError) -> Int {
    let log = self.log
    guard log.entryCount > 0 else {
      throw LogError(
        kind: .outOfRange, path: log.path, message: "the log has no entries, so no states")
    }
    switch name {
    case .initial: return 0
    case .after(let n):
      if let position = log.numbering.position(ofNumber: n) { return position }
      if n == 0 { return 0 }
      if let reason = log.absence(ofEntry: n) {
        throw LogError(
          kind: .outOfRange, path: log.path, message: "state \(n) is not in the log: \(reason)")
      }
      throw LogError(
        kind: .outOfRange, path: log.path,
        message:
          "state \(n) is out of range (the log has states init and \(log.numbering.rangeText))")
    }
  }

  /// The position of entry `number`, for modes that take an entry (`--diff K`).
  /// - Throws: ``LogError`` `.outOfRange` as ``LogFile/position(ofEntry:)`` words it.
  func position(ofEntry number: Int) throws(LogError) -> Int {
    try log.position(ofEntry: number)
  }

  /// The name of the state at `position`: `init` for 0, else the entry's number.
  func stateName(_ position: Int) -> String {
    position == 0 ? StateName.initialWord : String(log.numbering.number(atPosition: position))
  }

  /// "state 53", or "the initial state (init)".
  func stateText(_ position: Int) -> String {
    position == 0 ? "the initial state (init)" : "state \(stateName(position))"
  }
}
