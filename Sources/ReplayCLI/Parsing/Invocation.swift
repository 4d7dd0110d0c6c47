/// What a command line asks for: a mode that needs no log, or one on a log.
enum Invocation: Equatable {
  /// `--help`: the generated help.
  case help
  /// `--version`.
  case version
  /// `--completion SHELL`: a completion script generated from the flag table.
  case completion(Shell)
  /// `--eval EXPR`: jq over JSON values on stdin.
  case eval(String)
  /// A mode on a log.
  case onLog(Options)
}
