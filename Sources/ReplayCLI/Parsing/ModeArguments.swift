/// What the command line gave a mode: the values of its flag and the typed options.
struct ModeArguments: Sendable {
  /// The values of the mode's own flag (one, or two for `--diff A B`; none for a flag
  /// without a value or for the summary).
  var values: [String] = []
  var options: Options
  /// Every mode flag given, with its values, for a mode that takes another's flag as
  /// an option (``ModeDeclaration/modeFlags``).
  var modeFlags: [(flag: Flag, values: [String])] = []

  /// The values of `flag` when it was given.
  func values(of flag: Flag) -> [String]? {
    modeFlags.first { $0.flag.name == flag.name }?.values
  }
}
