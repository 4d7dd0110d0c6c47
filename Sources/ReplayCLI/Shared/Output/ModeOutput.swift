/// What a mode reports: one value, rendered once as text for people and once as its
/// JSON record for programs, as swift-testing keeps an `Event` apart from its
/// human-readable and JSON recorders. ``Context/emit(_:)`` prints one or the other.
protocol ModeOutput {
  associatedtype Record: Encodable
  /// The record `--format json` prints on one line, written by ``JSONValueEncoder`` (its
  /// members in the order the record declares them).
  var record: Record { get }
  /// The text `--format text` prints, safe for a terminal.
  func text(_ style: TextStyle) -> String
  /// The exit code the mode ends with (see ``ExitCode``).
  var exitCode: Int32 { get }
}

extension ModeOutput {
  var exitCode: Int32 { ExitCode.success }
}

extension ModeOutput where Self: Encodable {
  /// An output whose record is itself.
  var record: Self { self }
}
