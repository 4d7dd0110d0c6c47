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

  @Test func modesOnALogCarryTheirValues() throws {
    #expect(try parse("x") == .onLog(Options(logPath: "x")))
    #expect(try parse("x", "--show", "3") == .onLog(Options(logPath: "x", mode: .show(3))))
    #expect(try parse("x", "--diff", "3", "4") == .onLog(Options(logPath: "x", mode: .diff(3, 4))))
    #expect(try parse("x", "--diff=3") == .onLog(Options(logPath: "x", mode: .diff(3, nil))))
    // States are named init or by an entry's seq, which may be negative.
    #expect(
      try parse("x", "--show", "init") == .onLog(Options(logPath: "x", mode: .show(.initial))))
    #expect(try parse("x", "--show", "-3") == .onLog(Options(logPath: "x", mode: .show(-3))))
    #expect(
      try parse("x", "--diff", "init", "50")
        == .onLog(Options(logPath: "x", mode: .diff(.initial, 50))))
    #expect(
      try parse("x", "--diff", "53", "init")
        == .onLog(Options(logPath: "x", mode: .diff(53, .initial))))
    #expect(
      try parse("x", "--diff", "-2", "-1") == .onLog(Options(logPath: "x", mode: .diff(-2, -1))))
    #expect(
      try parse("x", "--bisect", "--run", "./check", "--linear")
        == .onLog(Options(logPath: "x", mode: .bisect(.command("./check"), linear: true))))
    #expect(
      try parse("--predicate=.a", "--bisect", "x")
        == .onLog(Options(logPath: "x", mode: .bisect(.predicate(".a"), linear: false))))
    #expect(
      try parse("x", "--reducer", "todo", "--verify")
        == .onLog(Options(logPath: "x", mode: .verify(reducer: "todo"), reducer: "todo")))
    #expect(
      try parse("x", "--reducer", "todo", "--show", "3")
        == .onLog(Options(logPath: "x", mode: .show(3), reducer: "todo")))
    #expect(
      try parse("x", "--export", "redux-devtools")
        == .onLog(Options(logPath: "x", mode: .export(.reduxDevTools))))
    #expect(try parse("x", "--convert") == .onLog(Options(logPath: "x", mode: .convert)))
    #expect(
      try parse("-", "--find", ".seq > 1", "--where", ".seq < 9", "--format", "json")
        == .onLog(
          Options(logPath: "-", mode: .find(".seq > 1"), format: .json, filter: ".seq < 9")))
  }

  @Test func displayOptions() throws {
    #expect(try parse("x", "--color") == .onLog(Options(logPath: "x", color: .always)))
    #expect(try parse("x", "--colour=never") == .onLog(Options(logPath: "x", color: .never)))
    #expect(
      try parse("x", "--color=auto", "--no-color") == .onLog(Options(logPath: "x", color: .never)))
    #expect(
      try parse("x", "--diff", "1", "--id-key", "key", "--id-key=uuid", "--full")
        == .onLog(Options(logPath: "x", mode: .diff(1, nil), full: true, idKeys: ["key", "uuid"])))
    // After `--`, everything is the log's name, even what looks like a flag.
    #expect(try parse("--full", "--", "--show") == .onLog(Options(logPath: "--show", full: true)))
    // The last value of a flag that does not repeat wins.
    #expect(
      try parse("x", "--format", "json", "--format", "text") == .onLog(Options(logPath: "x")))
  }

  @Test func modesWithoutALog() throws {
    #expect(try parse("--eval", ".a") == .eval(".a"))
    #expect(try parse("--eval", "-1") == .eval("-1"))
    #expect(try parse("--completion", "zsh") == .completion(.zsh))
    #expect(try parse("--completion=fish") == .completion(.fish))
    #expect(try parse("--version") == .version)
    #expect(try parse("-h") == .help)
  }

  /// Once the words are read, help and version win over every other check.
  @Test func helpAndVersionWin() throws {
    #expect(try parse("x", "--show", "1", "--step", "--help") == .help)
    #expect(try parse("--predicate", ".", "--version") == .version)
    #expect(try parse("--version", "--help") == .help)
    #expect(message("--help", "--bogus") == "unknown option '--bogus'")
  }

  @Test(arguments: [
    (["x", "--full=yes"], "--full takes no value"),
    (["x", "--bogus=1"], "unknown option '--bogus=1'"),
    (
      ["x", "--diff", "three"],
      "--diff takes a state: init, or an entry's seq for the state after it, not 'three'"
    ),
    (["x", "--diff=3", "4"], "one log file at a time (got 'x' and '4')"),
    (["x", "--color=red"], "--color takes auto, always or never, not 'red'"),
    (["x", "--colour="], "--color takes auto, always or never, not ''"),
    (["x", "--run", "ls"], "--run goes with --bisect"),
    (["x", "--linear", "--predicate", "."], "--predicate goes with --bisect or --html"),
    (["x", "--export", "redux"], "--export takes redux-devtools, not 'redux'"),
    (["x", "--show", "1", "--where", "."], "--where goes with the summary, --find or --watch"),
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
    (["--eval", ".", "--full"], "--full goes with a mode on a log, not --eval"),
    (["--eval", ".", "--where", "."], "--where goes with the summary, --find or --watch"),
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

  /// The checks come from the table: a table of two flags gets the same messages.
  @Test func checksAreGeneratedFromTheTable() throws {
    let table = FlagTable(flags: [
      Flag(
        names: ["--go"], role: .mode(.find, needs: ["--with"]), help: "Go.",
        apply: { arguments, _ in arguments.mode = .find("go") }),
      Flag(
        names: ["--with"], value: .text("W", meaning: "what to go with"),
        role: .option(modes: [.find]), help: "With."),
    ])
    let parser = CommandLineParser(table: table)
    #expect(
      try parser.parse(["x", "--go", "--with", "y"])
        == .onLog(Options(logPath: "x", mode: .find("go"))))
    #expect(throws: UsageError(message: "--go needs --with W (what to go with)")) {
      try parser.parse(["x", "--go"])
    }
    #expect(throws: UsageError(message: "--with goes with --go")) {
      try parser.parse(["x", "--with", "y"])
    }
    #expect(throws: UsageError(message: "unknown option '--show'")) {
      try parser.parse(["x", "--show", "1"])
    }
  }
}
