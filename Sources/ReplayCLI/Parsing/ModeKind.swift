/// The modes of `replay`, without their values: what a flag in the ``FlagTable`` says it
/// goes with.
enum ModeKind: CaseIterable, Hashable, Sendable {
  case summary, show, diff, bisect, find, watch, step, verify, reproduce, html, emitTest, convert,
    export
  case eval, completion, help, version

  /// The modes that open a log: every mode but `--eval`, `--completion`, `--help` and
  /// `--version`.
  static let onLog: Set<ModeKind> = [
    .summary, .show, .diff, .bisect, .find, .watch, .step, .verify, .reproduce, .html, .emitTest,
    .convert, .export,
  ]

  /// Whether the mode opens a log.
  var needsLog: Bool { Self.onLog.contains(self) }
}
