import Foundation
import TestSupport
import Testing
import TimeTravelJQ
import TimeTravelJSON

/// The errors of `import` and `include`, with their exact messages and places, and hostile
/// module files: none crashes, none hangs.
@Suite struct JQModuleErrorTests {
  static let search = JQModuleSearch(paths: [JQ18Case.moduleDirectory])

  func compileError(_ program: String, search: JQModuleSearch = Self.search) -> JQSyntaxError? {
    do {
      _ = try JQFilter(program, variableNames: [String](), modules: search)
      return nil
    } catch {
      return error
    }
  }

  @Test func directivesThatCannotBeResolvedAreErrorsAtTheDirective() throws {
    let program = #"1 as $x | $x, (import "x" as x; 1)"#
    #expect(compileError(program)?.message.contains("imports and includes come first") == true)
    let missing = try #require(compileError(#"def f: 1; import "missing" as n; 1"#))
    #expect(missing.message.contains("imports and includes come first"))
    let notFound = try #require(compileError(#"import "math" as m; import "missing" as n; 1"#))
    #expect(notFound.message == "module not found: missing")
    #expect(notFound.column == 21)
    #expect(
      compileError(#"import "../etc/passwd" as x; 1"#)?.message
        == "Relative paths to modules may not traverse to parent directories (../etc/passwd)")
    #expect(
      compileError(#"import "greeting/greeting" as g; 1"#)?.message
        == "module names must not have equal consecutive components: greeting/greeting")
    #expect(
      compileError(#"import "a\\b" as x; 1"#)?.message
        == #"Modules must be named by relative paths using '/', not '\' (a\b)"#)
    #expect(
      compileError(#"import "a\u0000b" as x; 1"#)?.message == "Module path contains a NUL byte")
    #expect(
      compileError(#"import "math" as m {x: now}; 1"#)?.message
        == "Module metadata must be constant")
    #expect(compileError(#"import "math" as m; m::nope"#)?.message == "m::nope/0 is not defined")
  }

  @Test func errorsInsideAModuleNameItsFileAndLine() throws {
    let broken = try #require(compileError(#"import "broken" as b; 1"#))
    #expect(broken.file == JQ18Case.moduleDirectory + "/broken.jq")
    #expect(broken.message == "unexpected ';'")
    #expect((broken.line, broken.lineColumn) == (1, 13))
    #expect(
      broken.description
        == "\(JQ18Case.moduleDirectory)/broken.jq, line 1, column 13: unexpected ';'")
    let main = try #require(compileError(#"import "has_main" as h; 1"#))
    #expect(main.message == "a module holds only definitions (def name: body;), not '.'")
    #expect((main.line, main.lineColumn) == (2, 1))
    let cycle = try #require(compileError(#"import "cycle_a" as c; 1"#))
    #expect(cycle.message == "circular import of \(JQ18Case.moduleDirectory)/cycle_a.jq")
    #expect(cycle.file == JQ18Case.moduleDirectory + "/cycle_b.jq")
    let data = try #require(compileError(#"import "broken_data" as $d; 1"#))
    #expect(
      data.message
        == "error loading data file \(JQ18Case.moduleDirectory)/broken_data.json: unexpected end of input at line 2, column 1"
    )
    // A variable a module does not bind is an error when the module loads (jq 1.8 reports
    // it only where the definition is used).
    let free = try #require(compileError(#"import "free_variable" as f; 1"#))
    #expect(free.message == "$config::config is not defined")
  }

  @Test func withoutASearchPathNothingIsRead() throws {
    let error = try #require(jqSyntaxError(#"import "math" as m; 1"#))
    #expect(
      error.message
        == "module not found: math (no module search path: compile with a JQModuleSearch)")
  }

  @Test func hostileModuleFilesGiveErrorsAtOnce() throws {
    let directory = Scratch.folder.appendingPathComponent(
      "jq-modules-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.path
    let search = JQModuleSearch(paths: [path])
    // A named pipe: reading it would block until a writer came.
    #expect(mkfifo(path + "/pipe.jq", 0o600) == 0)
    #expect(
      compileError(#"import "pipe" as p; 1"#, search: search)?.message
        == "error loading \(path)/pipe.jq: not a regular file")
    // A directory named like a module.
    try FileManager.default.createDirectory(
      atPath: path + "/dir.jq", withIntermediateDirectories: true)
    #expect(
      compileError(#"import "dir" as d; 1"#, search: search)?.message
        == "error loading \(path)/dir.jq: not a regular file")
    // A symbolic link that points at itself leads nowhere.
    try FileManager.default.createSymbolicLink(
      atPath: path + "/loop.jq", withDestinationPath: path + "/loop.jq")
    #expect(
      compileError(#"import "loop" as l; 1"#, search: search)?.message == "module not found: loop")
    // A module past 16 MB (sparse, so the test writes almost nothing).
    FileManager.default.createFile(atPath: path + "/huge.jq", contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path + "/huge.jq"))
    try handle.truncate(atOffset: 17 << 20)
    try handle.close()
    #expect(
      compileError(#"import "huge" as h; 1"#, search: search)?.message
        == "error loading \(path)/huge.jq: larger than 16 MB")
    // A chain of 70 modules, each importing the next: too deep, not a stack overflow.
    for i in 0..<70 {
      let body = i == 69 ? "def f: \(i);\n" : "import \"m\(i + 1)\" as n;\ndef f: n::f;\n"
      try Data(body.utf8).write(to: directory.appendingPathComponent("m\(i).jq"))
    }
    #expect(
      compileError(#"import "m0" as m; m::f"#, search: search)?.message
        == "modules import each other more than 64 deep")
    // A chain within the limit works.
    #expect(try JQFilter(#"import "m10" as m; m::f"#, modules: search).evaluate(.null) == [69])
  }

  @Test func searchPathsExpandAsJQDoes() throws {
    let search = JQModuleSearch(
      paths: ["relative/lib", "~/.jq", "$ORIGIN/../lib/jq", "/abs"], programOrigin: "/work",
      origin: "/opt/replay/bin")
    #expect(search.paths == ["/work/relative/lib", "~/.jq", "$ORIGIN/../lib/jq", "/abs"])
    let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
    let filter = try JQFilter("get_search_list, get_prog_origin, get_jq_origin", modules: search)
    #expect(
      try filter.evaluate(.null).map(JSONPrinter.compact.print) == [
        #"["/work/relative/lib","\#(home)/.jq","/opt/replay/bin/../lib/jq","/abs"]"#,
        #""/work""#, #""/opt/replay/bin""#,
      ])
    #expect(JQModuleSearch.jqDefaultPaths == ["~/.jq", "$ORIGIN/../lib/jq", "$ORIGIN/../lib"])
  }
}
