/// A parsed command line.
struct Options: Equatable {
  enum Mode: Equatable {
    case summary
    case show(Int)
    case diff(Int, Int?)
    case bisect(BisectMode.Criterion, linear: Bool)
    case watch(String)
    case find(String)
    case eval(String)
    case step
    case verify(reducer: String)
    case reproduce
    case help
    case version
  }

  enum Format: String {
    case text, json
    case jsonPatch = "json-patch"
  }
  enum Color: String { case auto, always, never }

  var logPath: String?
  var mode: Mode = .summary
  var format: Format = .text
  var color: Color = .auto
  var full = false
  /// `--where EXPR`: restricts the summary and listings to matching entries.
  var filter: String?
  /// `--id-key KEY`: extra id keys for matching array elements in diffs.
  var idKeys: [String] = []

  /// A command-line mistake: exit code 2.
  struct UsageError: Error, Equatable {
    var message: String
  }

  /// Parses `arguments` (without the program name).
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var modes: [(flag: String, mode: Mode)] = []
    var predicate: String?
    var command: String?
    var bisect = false
    var linear = false
    var verify = false
    var reducer: String?
    var rest = arguments[...]

    func number(_ text: String, for flag: String) throws(UsageError) -> Int {
      guard let n = Int(text), n >= 0 else {
        throw UsageError(
          message: "\(flag) takes a state number (0 or more), not '\(TerminalText.sanitize(text))'")
      }
      return n
    }

    while let argument = rest.popFirst() {
      var flag = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
        flag = String(argument[..<eq])
        inlineValue = String(argument[argument.index(after: eq)...])
      }
      func flagValue() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = rest.popFirst() else { throw UsageError(message: "\(flag) needs a value") }
        return next
      }
      switch flag {
      case "-h", "--help": modes.append((flag, .help))
      case "--version": modes.append((flag, .version))
      case "--show": modes.append((flag, .show(try number(try flagValue(), for: flag))))
      case "--diff":
        let a = try number(try flagValue(), for: flag)
        var b: Int?
        if inlineValue == nil, let next = rest.first, Int(next) != nil {
          rest.removeFirst()
          b = try number(next, for: flag)
        }
        modes.append((flag, .diff(a, b)))
      case "--bisect": bisect = true
      case "--linear": linear = true
      case "--predicate": predicate = try flagValue()
      case "--run": command = try flagValue()
      case "--watch": modes.append((flag, .watch(try flagValue())))
      case "--find": modes.append((flag, .find(try flagValue())))
      case "--eval":
        let expression = try flagValue()
        // `replay --eval -c .`, a jq habit: `-c` would be read as the expression. Only
        // option-like words: `-1` and `-length` are expressions.
        if expression.wholeMatch(of: /-[A-Za-z]{1,3}|--[A-Za-z][A-Za-z-]*/) != nil {
          throw UsageError(
            message:
              "--eval takes a jq expression, not the option '\(TerminalText.sanitize(expression))' (its output is always compact, as with jq -c)"
          )
        }
        modes.append((flag, .eval(expression)))
      case "--where": options.filter = try flagValue()
      case "--id-key": options.idKeys.append(try flagValue())
      case "--step": modes.append((flag, .step))
      case "--verify": verify = true
      case "--reducer": reducer = try flagValue()
      case "--reproduce": modes.append((flag, .reproduce))
      case "--format":
        let text = try flagValue()
        guard let format = Format(rawValue: text) else {
          throw UsageError(
            message: "--format takes text or json, not '\(TerminalText.sanitize(text))'")
        }
        options.format = format
      case "--color", "--colour":
        let text = inlineValue ?? "always"
        guard let color = Color(rawValue: text) else {
          throw UsageError(
            message: "--color takes auto, always or never, not '\(TerminalText.sanitize(text))'")
        }
        options.color = color
      case "--no-color": options.color = .never
      case "--full": options.full = true
      case "--":
        while let path = rest.popFirst() { try options.setPath(path) }
      default:
        if argument.hasPrefix("-") && argument != "-" {
          throw UsageError(message: "unknown option '\(TerminalText.sanitize(argument))'")
        }
        try options.setPath(argument)
      }
    }
    if bisect {
      switch (predicate, command) {
      case (let p?, nil): modes.append(("--bisect", .bisect(.predicate(p), linear: linear)))
      case (nil, let c?): modes.append(("--bisect", .bisect(.command(c), linear: linear)))
      case (nil, nil):
        throw UsageError(
          message:
            "--bisect needs --predicate EXPR (a jq expression run on each state) or --run CMD")
      case (_?, _?): throw UsageError(message: "--bisect takes --predicate or --run, not both")
      }
    } else if predicate != nil || command != nil || linear {
      let flag = predicate != nil ? "--predicate" : command != nil ? "--run" : "--linear"
      throw UsageError(message: "\(flag) goes with --bisect")
    }
    if verify {
      guard let reducer else {
        throw UsageError(
          message: "--verify needs --reducer NAME (a reducer registered with replay)")
      }
      modes.append(("--verify", .verify(reducer: reducer)))
    } else if reducer != nil {
      throw UsageError(message: "--reducer goes with --verify")
    }
    if modes.contains(where: { $0.mode == .help }) {
      options.mode = .help
      return options
    }
    if modes.contains(where: { $0.mode == .version }) {
      options.mode = .version
      return options
    }
    if modes.count > 1 {
      var flags: [String] = []
      for (flag, _) in modes where !flags.contains(flag) { flags.append(flag) }
      guard flags.count > 1 else { throw UsageError(message: "\(flags[0]) can be given only once") }
      throw UsageError(
        message: "choose one of \(flags.joined(separator: ", ")); they cannot be combined")
    }
    options.mode = modes.first?.mode ?? .summary
    if case .eval = options.mode {
      guard options.logPath == nil else {
        throw UsageError(message: "--eval reads JSON from stdin and takes no log file")
      }
      return options
    }
    if options.format == .jsonPatch {
      guard case .diff = options.mode else {
        throw UsageError(message: "--format json-patch goes with --diff")
      }
    }
    if options.filter != nil {
      switch options.mode {
      case .summary, .find, .watch: break
      default: throw UsageError(message: "--where goes with the summary, --find or --watch")
      }
    }
    guard options.logPath != nil else {
      throw UsageError(message: "no log file given")
    }
    if options.logPath == "-", case .step = options.mode {
      throw UsageError(
        message: "--step reads its commands from stdin, so the log cannot come from stdin ('-')")
    }
    return options
  }

  private mutating func setPath(_ path: String) throws(UsageError) {
    guard logPath == nil else {
      throw UsageError(
        message:
          "one log file at a time (got '\(TerminalText.sanitize(logPath!))' and '\(TerminalText.sanitize(path))')"
      )
    }
    logPath = path
  }
}
