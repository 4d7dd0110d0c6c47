import TerminalEditor

/// Reads a command line against a ``FlagTable``: the parse loop and every check that
/// needs the whole line, derived from the modes' and options' declarations.
struct CommandLineParser {
  let table: FlagTable

  /// The words as read: the options recorded in ``Options`` as they come, and which
  /// flags were given.
  private struct Reading {
    var options = Options()
    /// The mode flags given, in order, with their values.
    var modes: [(flag: Flag, mode: ModeDeclaration, values: [String])] = []
    /// The last value of each option given, by the option's name (`""` for none).
    var given: [String: String] = [:]

    /// Sets the log's path, or adds another (see ``Options/moreLogPaths``).
    mutating func setPath(_ path: String) {
      if options.logPath == nil {
        options.logPath = path
      } else {
        options.moreLogPaths.append(path)
      }
    }
  }

  /// Parses `arguments` (without the program name).
  ///
  /// A mode that overrides the others (`--help`, then `--version`) wins once the words
  /// are read; then the checks run in this order: one mode, each option with its modes
  /// (in table order), the option the mode needs, the log, and the options that need
  /// others or a file.
  /// - Throws: ``UsageError`` naming the first mistake.
  func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    let reading = try read(arguments)
    for mode in table.modes where mode.overridesOthers {
      guard reading.modes.contains(where: { $0.mode.id == mode.id }) else { continue }
      return Invocation(try mode.make(ModeArguments(options: Options())), Options())
    }
    let mode = try oneMode(reading)
    try checkOptions(reading, mode: mode)
    try checkNeeds(reading, mode: mode)
    try checkLog(reading, mode: mode)
    try checkRequirements(reading)
    let values = reading.modes.first { $0.mode.id == mode.id }?.values ?? []
    let arguments = ModeArguments(
      values: values, options: reading.options,
      modeFlags: reading.modes.map { ($0.flag, $0.values) })
    return Invocation(try mode.make(arguments), reading.options)
  }

  /// The parse loop: every word is a flag of the table (with its values), `--`, or the
  /// log.
  private func read(_ arguments: [String]) throws(UsageError) -> Reading {
    var reading = Reading()
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if argument == "--" {
        while let path = rest.popFirst() { reading.setPath(path) }
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        reading.setPath(argument)
        continue
      }
      var name = argument
      var attached: String?
      if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
        name = String(argument[..<eq])
        attached = String(argument[argument.index(after: eq)...])
      }
      guard let flag = table.flag(named: name) else {
        let guess = table.closestName(to: name).map { " (did you mean \($0)?)" } ?? ""
        throw UsageError(message: "unknown option '\(TerminalText.sanitize(argument))'" + guess)
      }
      let values = try Self.values(of: flag, attached: attached, rest: &rest)
      for value in values { try flag.value?.check(value, for: flag.name) }
      if let mode = table.mode(selectedBy: flag) {
        reading.modes.append((flag, mode, values))
      } else {
        try flag.apply?(&reading.options, values)
        reading.given[flag.name] = values.first ?? ""
      }
    }
    return reading
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
    case .optionalState:
      if let attached { return [attached] }
      if let next = rest.first, StateName(next) != nil { return [rest.removeFirst()] }
      return []
    }
  }

  /// The one mode given, or the mode without a flag (the summary).
  /// - Throws: ``UsageError`` when a mode flag is repeated or two are combined.
  private func oneMode(_ reading: Reading) throws(UsageError) -> ModeDeclaration {
    var flags: [String] = []
    for (flag, _, _) in reading.modes where !flags.contains(flag.name) { flags.append(flag.name) }
    // A mode flag given with a mode that takes it is that mode's option.
    let taken = reading.modes.filter { entry in
      reading.modes.contains { other in
        other.mode.modeFlags.contains { $0.name == entry.flag.name }
      }
    }
    if !taken.isEmpty, flags.count == 2, taken.count < reading.modes.count {
      if taken.count > 1 {
        throw UsageError(message: "\(taken[0].flag.name) can be given only once")
      }
      var rest = reading
      rest.modes.removeAll { entry in taken.contains { $0.flag.name == entry.flag.name } }
      return try oneMode(rest)
    }
    if flags.count > 1 {
      throw UsageError(
        message: "choose one of \(flags.joined(separator: ", ")); they cannot be combined")
    }
    if reading.modes.count > 1 {
      throw UsageError(message: "\(flags[0]) can be given only once")
    }
    if let mode = reading.modes.first?.mode { return mode }
    guard let summary = table.defaultMode else { throw UsageError(message: "no mode given") }
    return summary
  }

  /// Each option given goes with `mode`, and so does its value where the value is
  /// narrower (`--format json-patch`).
  private func checkOptions(_ reading: Reading, mode: ModeDeclaration) throws(UsageError) {
    for option in table.options {
      guard let value = reading.given[option.name] else { continue }
      if !mode.takes(option) {
        throw UsageError(message: "\(option.name) \(goesWith(option, not: mode))")
      }
      let choice = option.value?.choices.first { $0.name == value }
      if let modes = choice?.modes, !modes.contains(mode.id) {
        throw UsageError(
          message: "\(option.name) \(value) goes with \(table.names(of: modes))")
      }
    }
  }

  /// "goes with --bisect"; for an option of every mode on a log, "goes with a mode on a
  /// log, not --eval" ("goes with a mode on a log or --eval, not --completion" for one that
  /// `--eval` takes too).
  private func goesWith(_ option: Flag, not mode: ModeDeclaration) -> String {
    let modes = table.modes(of: option)
    guard table.goesWithEveryModeOnALog(option) else {
      return "goes with \(table.names(of: Set(modes.map(\.id))))"
    }
    let standalone = modes.filter { !$0.opensLog }.map(\.name)
    let also = standalone.isEmpty ? "" : " or \(FlagTable.list(standalone, "or"))"
    return "goes with a mode on a log\(also), not \(mode.name)"
  }

  /// Exactly one of the options the mode needs was given, and each it also needs.
  private func checkNeeds(_ reading: Reading, mode: ModeDeclaration) throws(UsageError) {
    try checkOneNeeded(reading, mode: mode)
    for option in mode.alsoNeeds where reading.given[option.name] == nil {
      let meaning = option.value?.meaning.map { " (\($0))" } ?? ""
      throw UsageError(message: "\(mode.name) needs \(option.synopsis)\(meaning)")
    }
  }

  private func checkOneNeeded(_ reading: Reading, mode: ModeDeclaration) throws(UsageError) {
    guard !mode.needs.isEmpty else { return }
    let given = mode.needs.map(\.name).filter { reading.given[$0] != nil }
    if given.count > 1 {
      throw UsageError(message: "\(mode.name) takes \(FlagTable.list(given, "or")), not both")
    }
    guard given.isEmpty else { return }
    let options = mode.needs.map { option in
      option.synopsis + (option.value?.meaning.map { " (\($0))" } ?? "")
    }
    throw UsageError(message: "\(mode.name) needs \(FlagTable.list(options, "or"))")
  }

  /// A mode on a log has one, not on the stdin it reads its input from; a mode without
  /// one was given none.
  private func checkLog(_ reading: Reading, mode: ModeDeclaration) throws(UsageError) {
    if let second = reading.options.moreLogPaths.first, let first = reading.options.logPath {
      let got = "(got '\(TerminalText.sanitize(first))' and '\(TerminalText.sanitize(second))')"
      guard FleetRun.modes.contains(mode.id) else {
        throw UsageError(
          message: "\(mode.name) reads one log file at a time \(got); \(FleetRun.modesNote)")
      }
      guard !reading.options.follow else {
        throw UsageError(message: "--follow reads one log file at a time \(got)")
      }
      guard !([first] + reading.options.moreLogPaths).contains("-") else {
        throw UsageError(message: "stdin ('-') cannot be one of several logs \(got)")
      }
    }
    switch (mode.opensLog, reading.options.logPath) {
    case (true, nil): throw UsageError(message: "no log file given")
    case (true, "-"?) where mode.stdin != nil:
      throw UsageError(
        message: "\(mode.name) \(mode.stdin!), so the log cannot come from stdin ('-')")
    case (false, _?):
      throw UsageError(
        message: "\(mode.name) \(mode.stdin.map { "\($0) and " } ?? "")takes no log file")
    default: return
    }
  }

  /// The options given that need another (`--until` goes with `--follow`) or a file
  /// (`--follow` cannot read stdin).
  private func checkRequirements(_ reading: Reading) throws(UsageError) {
    for option in table.options where reading.given[option.name] != nil {
      let given = { (name: String) in
        reading.given[name] != nil || reading.modes.contains { $0.flag.name == name }
      }
      if !option.requires.isEmpty, !option.requires.contains(where: given) {
        throw UsageError(
          message: "\(option.name) goes with \(FlagTable.list(option.requires, "or"))")
      }
      if let stdin = option.stdin, reading.options.logPath == "-" {
        throw UsageError(
          message: "\(option.name) \(stdin), so the log cannot come from stdin ('-')")
      }
    }
  }
}
