/// `--help` and the usage line, generated from a ``FlagTable``: every mode and option
/// with its value, what it does and the modes it goes with.
struct HelpText {
  let table: FlagTable
  /// The reducers `--verify --reducer NAME` can use, named in `--reducer`'s help.
  var reducers: [String] = []

  /// Help's width in columns, and the column descriptions start at.
  static let width = 80
  static let column = 32

  /// The usage lines printed after a usage error and in the help.
  // Here and in `full`, plain loops with `if`: Swift 6.3.1's optimizer crashes
  // (CopyPropagation) on `for … where` and `filter` over the table in these getters.
  var usage: String {
    var alternatives: [String] = []
    var shared: [String] = []
    var standalone: [String] = []
    var bare: [String] = []
    for mode in table.modes {
      guard let flag = mode.flag else { continue }
      if mode.opensLog {
        alternatives.append(modeSynopsis(mode))
      } else if flag.value == nil {
        bare.append(flag.name)
      } else {
        standalone += Self.fill(
          Self.words(standaloneSynopsis(mode)), first: "       replay ",
          indent: "              ", separator: " ", last: "")
      }
    }
    for option in table.options {
      if table.modes(of: option).count > 1, !isNeeded(option) {
        shared.append("[" + option.synopsis + "]")
      }
    }
    var lines = Self.fill(
      alternatives, first: "usage: replay LOG [", indent: "                   | ",
      separator: " | ", last: "]")
    lines += Self.fill(
      shared, first: "                  ", indent: "                  ", separator: " ", last: "")
    lines.append("       replay " + HelpProse.fleetSynopsis)
    lines += standalone
    if !bare.isEmpty { lines.append("       replay " + bare.joined(separator: " | ")) }
    return lines.joined(separator: "\n")
  }

  /// The whole `--help` text.
  var full: String {
    var text = """
      replay: \(HelpProse.purpose)

      \(usage)

      \(HelpProse.naming)

      MODES (\(HelpProse.modesNote))

      """
    text += Self.entry("replay LOG", indent: 2, SummaryMode.help)
    text += Self.entry("replay LOG LOG… | DIR", indent: 2, HelpProse.fleet)
    var withoutLog = ""
    for mode in table.modes {
      guard let flag = mode.flag else { continue }
      if mode.opensLog {
        text += Self.entry("replay LOG " + modeSynopsis(mode), indent: 2, help(flag))
        text += modeOptions(mode)
      } else {
        // Without the other modes' flags, which would not fit: the help names them.
        withoutLog += Self.entry(
          "replay " + standaloneSynopsis(mode, modeFlags: false), indent: 2, help(flag))
        withoutLog += modeOptions(mode)
      }
    }
    var options = ""
    for option in table.options {
      let modes = table.modes(of: option)
      if modes.count > 1 {
        let lead =
          table.goesWithEveryModeOnALog(option)
          ? "" : "With \(table.names(of: Set(modes.map(\.id)))): "
        options += Self.entry(option.synopsis, indent: 2, lead + help(option, lead: !lead.isEmpty))
      }
    }
    text += "\nMODES WITHOUT A LOG\n" + withoutLog
    text += "\nOPTIONS (\(HelpProse.optionsNote))\n"
    text += options
    return text + "\n" + HelpProse.helpText
  }

  /// The options that go with `mode` and no other.
  func ownOptions(_ mode: ModeDeclaration) -> [Flag] {
    var own: [Flag] = []
    for option in table.options {
      let modes = table.modes(of: option)
      if modes.count == 1, modes[0].id == mode.id { own.append(option) }
    }
    return own
  }

  /// The options that go with `mode` and no other, under it.
  private func modeOptions(_ mode: ModeDeclaration) -> String {
    var text = ""
    for option in ownOptions(mode) {
      text += Self.entry(
        option.synopsis, indent: 4, "With \(mode.name): " + help(option, lead: true))
    }
    return text
  }

  /// A flag's help, with its other spellings, the modes its values are narrower to,
  /// whether it repeats, and, for `--reducer`, the names registered; after a `lead`
  /// ("With --bisect:"), its first word in lower case unless it is an acronym.
  func help(_ flag: Flag, lead: Bool = false) -> String {
    var text = flag.help
    let word = text.prefix { $0 != " " }
    if lead, let first = word.first,
      word.count == 1 || word.dropFirst().contains(where: \.isLowercase)
    {
      text = first.lowercased() + text.dropFirst()
    }
    for choice in flag.value?.choices ?? [] {
      if let modes = choice.modes { text += " \(choice.name) goes with \(table.names(of: modes))." }
    }
    if flag.repeats { text += " May be given more than once." }
    if flag.name == OptionFlags.reducer.name {
      text +=
        reducers.isEmpty
        ? " None are registered in this replay."
        : " Registered: \(reducers.joined(separator: ", "))."
    }
    if flag.names.count > 1 {
      text += " Also spelled \(FlagTable.list(Array(flag.names.dropFirst()), "or"))."
    }
    return text
  }

  /// Whether a mode needs `option` (`--verify` and `--emit-test` need `--reducer`): the
  /// usage shows it with those modes, not among the shared options.
  private func isNeeded(_ option: Flag) -> Bool {
    for mode in table.modes {
      if (mode.needs + mode.alsoNeeds).contains(where: { $0.name == option.name }) { return true }
    }
    return false
  }

  /// A mode without a log: its flag and the options it lists, `--eval EXPR [-L DIR]`;
  /// `modeFlags`: with the other modes' flags it takes.
  func standaloneSynopsis(_ mode: ModeDeclaration, modeFlags: Bool = true) -> String {
    // A mode with options of its own (`--listen`): those, and the other modes' flags it
    // takes; otherwise every option it lists (`--eval EXPR [-L DIR]`).
    if !ownOptions(mode).isEmpty { return modeSynopsis(mode, modeFlags: modeFlags) }
    var text = mode.flag?.synopsis ?? ""
    for option in mode.options { text += " [\(option.synopsis)]" }
    return text
  }

  /// A mode's flag with the options it needs and its own options: `--bisect (--predicate
  /// EXPR | --run CMD) [--linear]`; for a mode without a log, the other modes' flags it
  /// takes too (`--listen [HOST:]PORT … [--find EXPR | --watch PATH | --step]`).
  func modeSynopsis(_ mode: ModeDeclaration, modeFlags: Bool = true) -> String {
    if let synopsis = mode.synopsis { return synopsis }
    var text = mode.flag?.synopsis ?? ""
    let needed = mode.needs.map(\.synopsis)
    if needed.count == 1 { text += " " + needed[0] }
    if needed.count > 1 { text += " (" + needed.joined(separator: " | ") + ")" }
    for option in mode.alsoNeeds { text += " " + option.synopsis }
    for option in ownOptions(mode) {
      if !(mode.needs + mode.alsoNeeds).contains(where: { $0.name == option.name }) {
        text += " [\(option.synopsis)]"
      }
    }
    if modeFlags, !mode.opensLog, !mode.modeFlags.isEmpty {
      text += " [" + mode.modeFlags.map(\.synopsis).joined(separator: " | ") + "]"
    }
    return text
  }

  /// A synopsis cut into the pieces a usage line may break between: each bracketed
  /// group whole.
  private static func words(_ synopsis: String) -> [String] {
    var pieces: [String] = []
    var depth = 0
    for word in synopsis.split(separator: " ") {
      if depth > 0 { pieces[pieces.count - 1] += " " + word } else { pieces.append(String(word)) }
      depth += word.filter { "[(".contains($0) }.count - word.filter { "])".contains($0) }.count
    }
    return pieces
  }

  /// `label` at `indent`, then `text` wrapped from ``column``; on the next line when
  /// the label reaches the column.
  static func entry(_ label: String, indent: Int, _ text: String) -> String {
    let pad = String(repeating: " ", count: column)
    let lines = wrap(text, width: width - column)
    // A label past the width is broken before its last options, as the usage lines are.
    var heads = overflowing(
      String(repeating: " ", count: indent) + label,
      indent: String(repeating: " ", count: indent))
    var head = heads.removeLast()
    var rest = lines[...]
    if head.count < column, let first = rest.popFirst() {
      head += String(repeating: " ", count: column - head.count) + first
    }
    return (heads + [head] + rest.map { pad + $0 }).joined(separator: "\n") + "\n"
  }

  /// `text` in lines of at most `width` columns, broken at spaces (a longer word gets
  /// a line of its own).
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return lines + [line]
  }

  /// `items` after `first`, separated by `separator`, continued on lines starting with
  /// `indent` within ``width``, then `last`.
  private static func fill(
    _ items: [String], first: String, indent: String, separator: String, last: String
  ) -> [String] {
    var lines: [String] = []
    var line = first
    for (i, item) in items.enumerated() {
      let piece = (i == 0 ? "" : separator) + item + (i == items.count - 1 ? last : "")
      if i > 0, line.count + piece.count > width {
        lines += overflowing(line, indent: indent)
        line = indent + item + (i == items.count - 1 ? last : "")
      } else {
        line += piece
      }
    }
    return lines + overflowing(line, indent: indent)
  }

  /// `line`, broken before its last `[` options that pass ``width``; they go on the
  /// next lines, two columns in from `indent`'s width.
  private static func overflowing(_ line: String, indent: String) -> [String] {
    var lines: [String] = []
    var rest = Array(line)
    let pad = Array(repeating: Character(" "), count: indent.count + 2)
    while rest.count > width {
      // The last " [" that leaves the head within the width.
      guard
        let cut = (pad.count..<width).reversed().first(where: {
          rest[$0] == " " && rest[$0 + 1] == "["
        })
      else { break }
      lines.append(String(rest[..<cut]))
      rest = pad + rest[(cut + 1)...]
    }
    return lines + [String(rest)]
  }
}
