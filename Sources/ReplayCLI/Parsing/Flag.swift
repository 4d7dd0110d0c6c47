/// One command-line flag, declared once: its spellings, its value, its help, and, for an
/// option, how its value is recorded in the typed ``Options``. A mode's own flag is part
/// of the mode's ``ModeDeclaration``; an option belongs to the modes whose declarations
/// take it (or to every mode on a log). The parse loop, the "goes with" checks, `--help`,
/// the man page and the shell completions are generated from these declarations, as
/// swift-argument-parser generates them from `@Option(help:)`.
struct Flag: Sendable {
  /// Which modes an option goes with.
  enum Scope: Sendable {
    /// The modes whose declarations list it among their options (or need it).
    case listed
    /// Every mode on a log (`--format`, `--color`).
    case everyModeOnALog
  }

  /// Every spelling; the first is the one help and messages use (`--color`, then
  /// `--colour`).
  var names: [String]
  /// The value it takes, or `nil` for none.
  var value: FlagValue?
  /// What it does, in sentences; the first is the summary shell completions show.
  var help: String
  /// Whether the flag may be given more than once with every value kept (`--id-key`);
  /// otherwise the last one wins.
  var repeats = false
  var scope = Scope.listed
  /// Other flags it goes with only together, any one of them (`--until` with `--follow`
  /// or `--listen`).
  var requires: [String] = []
  /// Why the log cannot come from stdin when the flag is given (`--follow` reads a file
  /// as it grows), as a mode's ``ModeDeclaration/stdin`` says it.
  var stdin: String?
  /// Records an option's values (one, or two for `--diff A B`) in the typed options,
  /// once, as the flag is read. `nil` for a mode's flag, whose values go to the mode, and
  /// for options only the checks read (`--predicate`, which `--bisect` needs, is
  /// recorded all the same).
  /// - Throws: ``UsageError`` for a malformed value (`--range 3-4`).
  var apply: (@Sendable (inout Options, [String]) throws(UsageError) -> Void)?

  /// The spelling help and messages use.
  var name: String { names[0] }

  /// The first sentence of ``help``: up to the first full stop that ends a sentence.
  var summary: String {
    var end = help.endIndex
    var index = help.startIndex
    while let dot = help[index...].firstIndex(of: ".") {
      let after = help.index(after: dot)
      if after == help.endIndex || help[after] == " " {
        end = dot
        break
      }
      index = after
    }
    return String(help[..<end])
  }

  /// `--show N`, `--diff A [B]`, `--color[=auto|always|never]`.
  var synopsis: String { name + (value?.synopsis ?? "") }
}
