import TerminalEditor

/// The value a ``Flag`` takes, as the flag table declares it.
struct FlagValue: Sendable {
  /// How the value is written.
  enum Form: Sendable {
    /// `--flag VALUE` or `--flag=VALUE`.
    case required
    /// Only `--flag=VALUE`; `--flag` alone means `default` (`--color` is `--color=always`).
    case attachedOnly(default: String)
    /// `--flag A` followed by an optional second value `B` when the next word names a
    /// state, an integer or `init` (`--diff A [B]`); `--flag=A` takes no second value.
    case withOptionalNumber(second: String)
    /// `--flag` alone, or followed by a value when the next word names a state, an
    /// integer or `init` (`--effects [K]`); `--flag=A` always takes one.
    case optionalState
  }

  /// One of a fixed set of values, with the modes it goes with when narrower than its
  /// flag's (`--format json-patch` goes with `--diff` only).
  struct Choice: Sendable {
    var name: String
    var modes: Set<ModeID>?
  }

  /// What help and usage print: `N`, `EXPR`; `text|json|json-patch` for choices.
  var placeholder: String
  /// What the value is, for "needs" messages: "a jq expression run on each state".
  var meaning: String?
  /// The accepted values, or empty for free text.
  var choices: [Choice]
  var form: Form
  /// Checks each value as the flag is read, so a malformed one is reported where it
  /// is (`--show two`): the value and the flag's name.
  var validate: (@Sendable (String, String) throws(UsageError) -> Void)?

  /// A free-text value.
  static func text(_ placeholder: String, meaning: String? = nil) -> FlagValue {
    FlagValue(placeholder: placeholder, meaning: meaning, choices: [], form: .required)
  }

  /// A state: `init` or an entry's seq (``StateName``).
  static func state(_ placeholder: String) -> FlagValue {
    FlagValue(
      placeholder: placeholder, meaning: "a state: init or an entry's seq", choices: [],
      form: .required,
      validate: { text, flag throws(UsageError) in
        _ = try StateName.parse(text, for: flag)
      })
  }

  /// An optional state after the flag (``Form/optionalState``): `--effects [K]`.
  static func optionalState(_ placeholder: String) -> FlagValue {
    FlagValue(
      placeholder: placeholder, meaning: "a state: init or an entry's seq", choices: [],
      form: .optionalState,
      validate: { text, flag throws(UsageError) in
        _ = try StateName.parse(text, for: flag)
      })
  }

  /// One of `choices`, written `--flag VALUE`, or only `--flag=VALUE` when `attached`
  /// gives the value `--flag` alone stands for.
  static func oneOf(_ choices: [Choice], attached: String? = nil) -> FlagValue {
    FlagValue(
      placeholder: choices.map(\.name).joined(separator: "|"), meaning: nil, choices: choices,
      form: attached.map { .attachedOnly(default: $0) } ?? .required)
  }

  /// The value as help and usage print it after the flag: ` N`, ` A [B]`,
  /// `[=auto|always|never]`.
  var synopsis: String {
    switch form {
    case .required: return " " + placeholder
    case .attachedOnly: return "[=\(placeholder)]"
    case .withOptionalNumber(let second): return " \(placeholder) [\(second)]"
    case .optionalState: return " [\(placeholder)]"
    }
  }

  /// Checks `text` against the choices.
  /// - Throws: ``UsageError`` "FLAG takes a, b or c, not 'x'", or what ``validate`` throws.
  func check(_ text: String, for flag: String) throws(UsageError) {
    try validate?(text, flag)
    guard !choices.isEmpty, !choices.contains(where: { $0.name == text }) else { return }
    throw UsageError(
      message:
        "\(flag) takes \(FlagTable.list(choices.map(\.name), "or")), not '\(TerminalText.sanitize(text))'"
    )
  }
}
