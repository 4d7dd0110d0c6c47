import TestSupport
import Testing

@testable import ReplayCLI

/// The parse loop and the checks generated from the flag table.
@Suite struct CommandLineParserTests {
  private func parse(_ arguments: String...) throws(UsageError) -> Invocation {
    try Options.parse(arguments)
  }

  private func message(_ arguments: String...) -> String? {
    do {
      _ = try Options.parse(arguments)
      return nil
    } catch {
      return error.message
    }
  }

  /// A command line on the log at `path`: `mode`, and the options `set` gives.
  private func onLog(
    _ path: String, _ mode: any ReplayMode = SummaryMode(),
    _ set: (inout Options) -> Void = { _ in }
  ) -> Invocation {
    var options = Options(logPath: path)
    set(&options)
    return Invocation(mode, options)
  }

  @Test func modesOnALogCarryTheirValues() throws {
    #expect(try parse("x") == onLog("x"))
    #expect(try parse("x", "--show", "3") == onLog("x", ShowMode(state: 3)))
    #expect(try parse("x", "--diff", "3", "4") == onLog("x", DiffMode(from: 3, to: 4)))
    #expect(try parse("x", "--diff=3") == onLog("x", DiffMode(from: 3, to: nil)))
    // States are named init or by an entry's seq, which may be negative.
    #expect(try parse("x", "--show", "init") == onLog("x", ShowMode(state: .initial)))
    #expect(try parse("x", "--show", "-3") == onLog("x", ShowMode(state: -3)))
    #expect(
      try parse("x", "--diff", "init", "50") == onLog("x", DiffMode(from: .initial, to: 50)))
    #expect(
      try parse("x", "--diff", "53", "init") == onLog("x", DiffMode(from: 53, to: .initial)))
    #expect(try parse("x", "--diff", "-2", "-1") == onLog("x", DiffMode(from: -2, to: -1)))
    #expect(
      try parse("x", "--bisect", "--run", "./check", "--linear")
        == onLog("x", BisectMode(criterion: .command("./check"), linear: true)) {
          $0.run = "./check"
          $0.linear = true
        })
    #expect(
      try parse("--predicate=.a", "--bisect", "x")
        == onLog("x", BisectMode(criterion: .predicate(".a"), linear: false)) {
          $0.predicate = ".a"
        })
    #expect(
      try parse("x", "--reducer", "todo", "--verify")
        == onLog("x", VerifyMode(reducer: "todo")) { $0.reducer = "todo" })
    #expect(
      try parse("x", "--reducer", "todo", "--show", "3")
        == onLog("x", ShowMode(state: 3)) { $0.reducer = "todo" })
    #expect(
      try parse("x", "--export", "redux-devtools")
        == onLog("x", ExportMode(target: .reduxDevTools)))
    #expect(try parse("x", "--convert") == onLog("x", ConvertMode()))
    #expect(
      try parse("-", "--find", ".seq > 1", "--where", ".seq < 9", "--format", "json")
        == onLog("-", FindMode(expression: ".seq > 1")) {
          $0.format = .json
          $0.filter = ".seq < 9"
        })
  }

  @Test func displayOptions() throws {
    #expect(try parse("x", "--color") == onLog("x") { $0.color = .always })
    #expect(try parse("x", "--colour=never") == onLog("x") { $0.color = .never })
    #expect(try parse("x", "--color=auto", "--no-color") == onLog("x") { $0.color = .never })
    #expect(
      try parse("x", "--diff", "1", "--id-key", "key", "--id-key=uuid", "--full")
        == onLog("x", DiffMode(from: 1, to: nil)) {
          $0.full = true
          $0.idKeys = ["key", "uuid"]
        })
    // After `--`, everything is the log's name, even what looks like a flag.
    #expect(try parse("--full", "--", "--show") == onLog("--show") { $0.full = true })
    // The last value of a flag that does not repeat wins.
    #expect(try parse("x", "--format", "json", "--format", "text") == onLog("x"))
  }

  @Test func modesWithoutALog() throws {
    #expect(try parse("--eval", ".a") == Invocation(EvalMode(expression: ".a"), Options()))
    #expect(try parse("--eval", "-1") == Invocation(EvalMode(expression: "-1"), Options()))
    #expect(try parse("--completion", "zsh") == Invocation(CompletionMode(shell: .zsh), Options()))
    #expect(
      try parse("--completion=fish") == Invocation(CompletionMode(shell: .fish), Options()))
    #expect(try parse("--version") == Invocation(VersionMode(), Options()))
    #expect(try parse("-h") == Invocation(HelpMode(), Options()))
  }

  /// An unknown option one slip from a flag's long spelling (two for a long one) names it;
  /// one as far from two spellings, or further, names none.
  @Test func aMisspeltOptionNamesTheClosestFlag() {
    let table = FlagTable.replay
    #expect(table.closestName(to: "--wacth") == "--watch")
    #expect(table.closestName(to: "--bisekt") == "--bisect")
    #expect(table.closestName(to: "--libary-path") == "--library-path")
    #expect(table.closestName(to: "--bogus") == nil)
    #expect(table.closestName(to: "-w") == nil)
    #expect(table.closestName(to: "--watches") == nil)
    // Two spellings of one flag are no tie; two letters are too few to guess from.
    #expect(table.closestName(to: "--colou") == "--color")
    #expect(table.closestName(to: "--wh") == nil)
    #expect(FlagTable.distance(Array("ab".utf8), Array("ba".utf8)) == 1)
    #expect(FlagTable.distance(Array("kitten".utf8), Array("sitting".utf8)) == 3)
    #expect(FlagTable.distance([], Array("abc".utf8)) == 3)
  }

  /// Once the words are read, help and version win over every other check.
  @Test func helpAndVersionWin() throws {
    let help = Invocation(HelpMode(), Options())
    #expect(try parse("x", "--show", "1", "--step", "--help") == help)
    #expect(try parse("--predicate", ".", "--version") == Invocation(VersionMode(), Options()))
    #expect(try parse("--version", "--help") == help)
    #expect(message("--help", "--bogus") == "unknown option '--bogus'")
  }

  @Test(arguments: [
    (["x", "--full=yes"], "--full takes no value"),
    (["x", "--bogus=1"], "unknown option '--bogus=1'"),
    (["x", "--wacth", "/a"], "unknown option '--wacth' (did you mean --watch?)"),
    (["x", "--fnd=.seq"], "unknown option '--fnd=.seq' (did you mean --find?)"),
    (["x", "--predicte", "."], "unknown option '--predicte' (did you mean --predicate?)"),
    (
      ["x", "--diff", "three"],
      "--diff takes a state: init, or an entry's seq for the state after it, not 'three'"
    ),
    (
      ["x", "--diff=3", "4"],
      "--diff reads one log file at a time (got 'x' and '4'); several logs go with the summary, --find and --watch"
    ),
    (["x", "--color=red"], "--color takes auto, always or never, not 'red'"),
    (["x", "--colour="], "--color takes auto, always or never, not ''"),
    (["x", "--run", "ls"], "--run goes with --bisect"),
    (
      ["x", "--linear", "--predicate", "."],
      "--predicate goes with --bisect, --what-if, --minimize, --races or --html"
    ),
    (["x", "--export", "redux"], "--export takes redux-devtools, not 'redux'"),
    (
      ["x", "--show", "1", "--where", "."],
      "--where goes with the summary, --find, --watch, --blame or --listen"
    ),
    (["x", "--show", "1", "--format", "json-patch"], "--format json-patch goes with --diff"),
    (
      ["x", "--bisect", "--predicate", "a", "--run", "b"],
      "--bisect takes --predicate or --run, not both"
    ),
    (["x", "--verify"], "--verify needs --reducer NAME (a reducer registered with replay)"),
    (
      ["x", "--step", "--show", "1", "--step"],
      "choose one of --step, --show; they cannot be combined"
    ),
    (["x", "--find", "a", "--find", "b"], "--find can be given only once"),
    (["--eval", ".", "x"], "--eval reads JSON from stdin and takes no log file"),
    (["--eval", ".", "--full"], "--full goes with a mode on a log or --listen, not --eval"),
    (
      ["--eval", ".", "--where", "."],
      "--where goes with the summary, --find, --watch, --blame or --listen"
    ),
    (["--completion"], "--completion needs a value"),
    (["--completion", "tcsh"], "--completion takes bash, zsh or fish, not 'tcsh'"),
    (["--completion", "bash", "x"], "--completion takes no log file"),
    (["--full"], "no log file given"),
    (
      ["-", "--step"],
      "--step reads its commands from stdin, so the log cannot come from stdin ('-')"
    ),
  ])
  func usageErrors(arguments: [String], expected: String) {
    #expect(throws: UsageError(message: expected)) { try Options.parse(arguments) }
  }

  /// A mode for ``checksAreGeneratedFromTheTable``: `--go`, which needs `--with`.
  struct GoMode: LogMode {
    static let with = Flag(
      names: ["--with"], value: .text("W", meaning: "what to go with"), help: "With."
    ) { options, values in options.filter = values[0] }
    static let declaration = ModeDeclaration(
      GoMode.self, flag: Flag(names: ["--go"], help: "Go."), needs: [with])
    init(_ arguments: ModeArguments) {}
    func run(_ context: Context) throws -> Int32 { 0 }
  }

  /// The mode without a flag, as the summary is.
  struct RestMode: LogMode {
    static let declaration = ModeDeclaration(RestMode.self, flag: nil)
    init(_ arguments: ModeArguments) {}
    func run(_ context: Context) throws -> Int32 { 0 }
  }

  /// The checks come from the declarations: a table of one mode and its option gets the
  /// same messages.
  @Test func checksAreGeneratedFromTheTable() throws {
    let table = FlagTable(
      modes: [RestMode.declaration, GoMode.declaration], options: [GoMode.with])
    let parser = CommandLineParser(table: table)
    var options = Options(logPath: "x")
    options.filter = "y"
    #expect(
      try parser.parse(["x", "--go", "--with", "y"])
        == Invocation(GoMode(ModeArguments(options: options)), options))
    #expect(throws: UsageError(message: "--go needs --with W (what to go with)")) {
      try parser.parse(["x", "--go"])
    }
    #expect(throws: UsageError(message: "--with goes with --go")) {
      try parser.parse(["x", "--with", "y"])
    }
    #expect(throws: UsageError(message: "unknown option '--show'")) {
      try parser.parse(["x", "--show", "1"])
    }
    #expect(
      try parser.parse(["x"])
        == Invocation(RestMode(ModeArguments(options: Options())), Options(logPath: "x")))
    let alone = CommandLineParser(table: FlagTable(modes: [GoMode.declaration], options: []))
    #expect(throws: UsageError(message: "no mode given")) { try alone.parse(["x"]) }
  }
}

/// An argument whose bytes are not UTF-8 is refused by name: Swift's arguments are
/// strings, and such a one arrives repaired, a file of that name "no such file".
@Suite struct ArgumentEncodingTests {
  static func check(_ arguments: [[UInt8]]) -> String? {
    var storage = arguments.map { bytes -> UnsafeMutablePointer<CChar>? in
      let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
      for (i, byte) in bytes.enumerated() { pointer[i] = CChar(bitPattern: byte) }
      pointer[bytes.count] = 0
      return pointer
    }
    defer { for pointer in storage { pointer?.deallocate() } }
    return storage.withUnsafeMutableBufferPointer {
      ReplayCommand.notUTF8($0.baseAddress!, count: arguments.count)
    }
  }

  @Test func anArgumentThatIsNotUTF8IsNamed() {
    let name = Array("replay".utf8)
    #expect(
      Self.check([name, Array("log.jsonl".utf8), Array("--find".utf8), Array(".a == \"é\"".utf8)])
        == nil)
    #expect(Self.check([name]) == nil)
    #expect(
      Self.check([name, Array("--find".utf8), [0x62, 0x61, 0x64, 0xFF, 0x1B]])
        == "argument 2 ('bad\u{FFFD}\\u001b') is not UTF-8, so replay cannot use it as it is (a file of that name: rename it)"
    )
  }
}
