import TerminalEditor

/// Reads a command line against a ``FlagTable``: the parse loop and every check that
/// needs the whole line, generated from the table's declarations.
struct CommandLineParser {
  let table: FlagTable

  /// Parses `arguments` (without the program name).
  ///
  /// `--help` and `--version` win over any other flag once the words are read; then
  /// the checks run in this order: one mode, each option with its modes (in table
  /// order), the flag the mode needs, and the log.
  /// - Throws: ``UsageError`` naming the first mistake.
  func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    let parsed = try read(arguments)
    let kinds = parsed.modes.map(\.kind)
    if kinds.contains(.help) { return .help }
    if kinds.contains(.version) { return .version }
    let mode = try oneMode(parsed)
    try checkOptions(parsed, mode: mode)
    let needed = try neededOption(parsed, mode: mode)
    guard let path = try logPath(parsed, mode: mode) else {
      return parsed.standalone ?? .help
    }
    var options = Options(logPath: path)
    options.format = parsed.format
    options.color = parsed.color
    options.full = parsed.full
    options.filter = parsed.filter
    options.idKeys = parsed.idKeys
    options.reducer = parsed.options["--reducer"]
    (options.follow, options.until) = try Self.following(parsed, path: path)
    switch (mode, needed) {
    case (.bisect, ("--run", let command)?):
      options.mode = .bisect(.command(command), linear: parsed.linear)
    case (.bisect, (_, let predicate)?):
      options.mode = .bisect(.predicate(predicate), linear: parsed.linear)
    case (.verify, (_, let reducer)?): options.mode = .verify(reducer: reducer)
    case (.emitTest, (_, let reducer)?):
      options.mode = .emitTest(
        EmitTestRequest(reducer: reducer, range: parsed.range, module: parsed.module))
    case (.html, _):
      var request = parsed.report
      request.range = parsed.range
      request.predicate = parsed.options["--predicate"]
      if case .find(let expression)? = parsed.mode { request.find = expression }
      options.mode = .html(request)
    default: options.mode = parsed.mode ?? .summary
    }
    return .onLog(options)
  }

  /// `--follow` and `--until`: `--until` ends following, and following reads a file.
  private static func following(_ parsed: ParsedArguments, path: String) throws(UsageError)
    -> (Bool, String?)
  {
    if parsed.until != nil, !parsed.follow {
      throw UsageError(message: "--until goes with --follow")
    }
    if parsed.follow, path == "-" {
      throw UsageError(
        message: "--follow reads a file as it grows, so the log cannot come from stdin ('-')")
    }
    return (parsed.follow, parsed.until)
  }

  /// The parse loop: every word is a flag of the table (with its values), `--`, or the
  /// log.
  private func read(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if argument == "--" {
        while let path = rest.popFirst() { try parsed.setPath(path) }
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        try parsed.setPath(argument)
        continue
      }
      var name = argument
      var attached: String?
      if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
        name = String(argument[..<eq])
        attached = String(argument[argument.index(after: eq)...])
      }
      guard let flag = table.flag(named: name) else {
        throw UsageError(message: "unknown option '\(TerminalText.sanitize(argument))'")
      }
      let values = try Self.values(of: flag, attached: attached, rest: &rest)
      if let value = values.first { try flag.value?.check(value, for: flag.name) }
      try flag.apply(&parsed, values)
      if let kind = flag.mode {
        parsed.modes.append((flag, kind))
      } else {
        parsed.options[flag.name] = values.first ?? ""
      }
    }
    return parsed
  }

  /// The words `flag` takes: the attached one, or the next (two for `--diff A B`).
  private static func values(
    of flag: Flag, attached: String?, rest: inout ArraySlice<String>
  ) throws(UsageError) -> [String] {
    guard let value = flag.value else {
      if attached != nil { throw UsageError(message: "\(flag.name) takes no value") }
      return []
    }
    switch value.form {
    case .attachedOnly(let standIn):
      return [attached ?? standIn]
    case .required:
      guard let first = attached ?? rest.popFirst() else {
        throw UsageError(message: "\(flag.name) needs a value")
      }
      return [first]
    case .withOptionalNumber:
      guard let first = attached ?? rest.popFirst() else {
        throw UsageError(message: "\(flag.name) needs a value")
      }
      if attached == nil, let next = rest.first, StateName(next) != nil {
        return [first, rest.removeFirst()]
      }
      return [first]
    }
  }

  /// The one mode given, or the summary.
  /// - Throws: ``UsageError`` when a mode flag is repeated or two are combined.
  private func oneMode(_ parsed: ParsedArguments) throws(UsageError) -> ModeKind {
    var flags: [String] = []
    for (flag, _) in parsed.modes where !flags.contains(flag.name) { flags.append(flag.name) }
    // A mode flag given with a mode it combines with is that mode's option.
    let kinds = Set(parsed.modes.map(\.kind))
    let combined = parsed.modes.filter { !$0.flag.combinesWith.isDisjoint(with: kinds) }
    if !combined.isEmpty, flags.count == 2, combined.count < parsed.modes.count {
      if combined.count > 1 {
        throw UsageError(message: "\(combined[0].flag.name) can be given only once")
      }
      var rest = parsed
      rest.modes.removeAll { entry in combined.contains { $0.flag.name == entry.flag.name } }
      return try oneMode(rest)
    }
    if flags.count > 1 {
      throw UsageError(
        message: "choose one of \(flags.joined(separator: ", ")); they cannot be combined")
    }
    if parsed.modes.count > 1 { throw UsageError(message: "\(flags[0]) can be given only once") }
    return parsed.modes.first?.kind ?? .summary
  }

  /// Each option given goes with `mode`, and so does its value where the value is
  /// narrower (`--format json-patch`).
  private func checkOptions(_ parsed: ParsedArguments, mode: ModeKind) throws(UsageError) {
    for flag in table.flags where flag.mode == nil {
      guard let value = parsed.options[flag.name] else { continue }
      if !flag.modes.contains(mode) {
        throw UsageError(message: "\(flag.name) \(goesWith(flag.modes, not: mode))")
      }
      let choice = flag.value?.choices.first { $0.name == value }
      if let modes = choice?.modes, !modes.contains(mode) {
        throw UsageError(message: "\(flag.name) \(value) \(goesWith(modes, not: mode))")
      }
    }
  }

  /// "goes with --bisect"; for an option of every mode on a log, "goes with a mode on a
  /// log, not --eval".
  private func goesWith(_ modes: Set<ModeKind>, not mode: ModeKind) -> String {
    modes.isSuperset(of: ModeKind.onLog)
      ? "goes with a mode on a log, not \(table.name(of: mode))"
      : "goes with \(table.names(of: modes))"
  }

  /// The one flag of those the mode needs that was given, with its value; `nil` for a
  /// mode that needs none.
  /// - Throws: ``UsageError`` when none or several were given.
  private func neededOption(_ parsed: ParsedArguments, mode: ModeKind) throws(UsageError)
    -> (flag: String, value: String)?
  {
    guard let flag = table.flag(selecting: mode), case .mode(_, let needs, _) = flag.role,
      !needs.isEmpty
    else { return nil }
    let given = needs.filter { parsed.options[$0] != nil }
    if given.count > 1 {
      throw UsageError(message: "\(flag.name) takes \(FlagTable.list(given, "or")), not both")
    }
    guard let name = given.first, let value = parsed.options[name] else { throw needsError(flag) }
    return (name, value)
  }

  /// "--bisect needs --predicate EXPR (a jq expression run on each state) or --run CMD
  /// (…)".
  private func needsError(_ flag: Flag) -> UsageError {
    guard case .mode(_, let needs, _) = flag.role else { return UsageError(message: "") }
    let options = needs.compactMap(table.flag(named:)).map { option in
      option.synopsis + (option.value?.meaning.map { " (\($0))" } ?? "")
    }
    return UsageError(message: "\(flag.name) needs \(FlagTable.list(options, "or"))")
  }

  /// The log's path for a mode on a log, `nil` for a mode without one.
  /// - Throws: ``UsageError`` when a mode on a log has none, or would read it from the
  ///   stdin it reads its input from, or a mode without a log was given one.
  private func logPath(_ parsed: ParsedArguments, mode: ModeKind) throws(UsageError) -> String? {
    var stdin: String?
    if let flag = table.flag(selecting: mode), case .mode(_, _, let reads) = flag.role {
      stdin = reads
    }
    let name = table.name(of: mode)
    switch (mode.needsLog, parsed.logPath) {
    case (true, nil): throw UsageError(message: "no log file given")
    case (true, "-"?) where stdin != nil:
      throw UsageError(message: "\(name) \(stdin!), so the log cannot come from stdin ('-')")
    case (false, _?):
      throw UsageError(message: "\(name) \(stdin.map { "\($0) and " } ?? "")takes no log file")
    case (true, let path?): return path
    case (false, nil): return nil
    }
  }
}
