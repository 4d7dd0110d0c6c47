import CLITestSupport
import Foundation
import TestSupport
import Testing

@testable import ReplayCLI

/// `-L DIR` / `--library-path DIR`: every jq expression of the command line (predicates,
/// `--find`, `--where`, `--plot`, the stepper's, `--eval`) imports modules from DIR, as
/// jq's `-L` does, so a team keeps its predicates in `.jq` files.
@Suite struct JQLibraryPathTests {
  static let modules = Repo.root.appendingPathComponent("Fixtures/jq/modules").path
  static let predicate = #"import "todos" as t; t::has_blank_title"#

  @Test func evalImportsAndIncludesFromTheLibraryPath() {
    let result = replay(
      "-L", Self.modules, "--eval", #"import "math" as m; include "uses_math"; m::inc, add2"#,
      stdin: "1\n")
    #expect(result.code == 0)
    #expect(result.out == "2\n3\n")
    #expect(result.err == "")
    let data = replay(
      "--eval", #"import "config" as $c; $c[0].limit, $c::c[0].names"#, "--library-path",
      Self.modules,
      stdin: "null\n")
    #expect(data.out == "3\n[\"a\",\"b\"]\n")
    let attached = replay(
      "--eval", #"import "math" as m; m::inc"#, "--library-path=\(Self.modules)", stdin: "1\n")
    #expect(attached.out == "2\n")
  }

  /// Directories are searched in order; the first that has the module wins.
  @Test func theFirstDirectoryThatHasTheModuleWins() {
    let empty = Scratch.folder.path
    let result = replay(
      "-L", empty, "-L", Self.modules, "--eval", #"import "math" as m; m::inc"#, stdin: "1\n")
    #expect(result.out == "2\n")
  }

  /// `$ORIGIN` in the search list is the directory of the running `replay`, links
  /// resolved, as jq's is of jq: a module in `$ORIGIN/../lib/jq` is found by default.
  @Test(.enabled(if: TmuxSession.replay != nil, "the replay executable is not built"))
  func theOriginIsTheExecutablesDirectory() async throws {
    let binary = try #require(TmuxSession.replay)
    let real = URL(fileURLWithPath: binary).resolvingSymlinksInPath()
    let link = Scratch.folder.appendingPathComponent("origin-\(UUID())")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
    defer { try? FileManager.default.removeItem(at: link) }
    let result = try await CompletedProcess.run(
      link.path, ["--eval", "get_jq_origin, (get_search_list | .[1])"], input: "null\n")
    let folder = real.deletingLastPathComponent().path
    #expect(result.status == 0)
    #expect(result.out == "\"\(folder)\"\n\"\(folder)/../lib/jq\"\n")
    #expect(result.err == "")
    #expect(
      Options.executableDirectory == Bundle.main.executableURL?.deletingLastPathComponent().path)
  }

  /// A module's function named as one of jq's own is read as the module defines it: a
  /// search that reads the entries in part still reads what it reads.
  @Test func aModulesFunctionNamedAsJqsOwnFindsWhatItReads() throws {
    let folder = Scratch.folder.appendingPathComponent(
      "module-names-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try "def first: .action.x.y;\ndef values: .next.n.m;\n".write(
      to: folder.appendingPathComponent("m.jq"), atomically: true, encoding: .utf8)
    let log = try TempLog(
      #"{"seq":1,"time":"2026-01-05T09:00:01.000Z","action":{"x":{"y":1}},"prior":{"n":0},"next":{"n":{"m":1}}}"#
        + "\n")
    let found = replay(
      log.path,
      arguments: ["-L", folder.path, "--find", #"include "m"; first == 1"#, "--format", "json"])
    #expect(found.code == 0)
    #expect(
      found.out
        == #"[{"seq":1,"time":"2026-01-05T09:00:01.000Z","action":{"x":{"y":1}},"actionName":"x"}]"#
        + "\n")
    let state = replay(
      log.path, arguments: ["-L", folder.path, "--find", #"include "m"; values == 1"#])
    #expect(state.code == 0)
    let summary = replay(
      log.path, arguments: ["-L", folder.path, "--where", #"include "m"; first == 1"#])
    #expect(summary.out.hasPrefix("\(log.path): 1 entry matching --where (of 1)"))
  }

  @Test func aModuleNotFoundIsASyntaxError() {
    let result = replay("--eval", #"import "nowhere" as n; 1"#, stdin: "1\n")
    #expect(result.code == ExitCode.usage)
    #expect(result.out == "")
    #expect(
      result.err
        == "replay: syntax error at column 1: module not found: nowhere\nimport \"nowhere\" as n; 1\n^\n"
    )
  }

  /// A predicate imported from a module bisects exactly as the same predicate written
  /// out.
  @Test func bisectWithAPredicateFromAModule() {
    let inline = replay(Repo.fixture, "--bisect", "--predicate", whitespacePredicate)
    let imported = replay(
      Repo.fixture, "--bisect", "--predicate", Self.predicate, "-L", Self.modules)
    #expect(imported.code == 0)
    #expect(imported.err == inline.err)
    #expect(imported.out == inline.out)
    #expect(!imported.out.isEmpty)
    let missing = replay(Repo.fixture, "--bisect", "--predicate", Self.predicate)
    #expect(missing.code == ExitCode.usage)
    #expect(
      missing.err.hasPrefix("replay: predicate syntax error at column 1: module not found: todos\n")
    )
  }

  /// `--where` and `--find` take modules too.
  @Test func findAndWhereImport() {
    let inline = replay(Repo.fixture, "--find", #".next.todos | length > 2"#)
    let imported = replay(
      Repo.fixture, "--find", #"import "todos" as t; .next | t::count(.todos[]) > 2"#, "-L",
      Self.modules)
    #expect(imported.code == inline.code)
    #expect(imported.out == inline.out)
    #expect(!imported.out.isEmpty)
  }

  /// `-L` goes with the modes that run jq expressions: every mode on a log and `--eval`.
  @Test func libraryPathGoesWithTheModesThatRunJQ() {
    let result = replay("-L", Self.modules, "--completion", "bash")
    #expect(result.code == ExitCode.usage)
    #expect(
      result.err.hasPrefix(
        "replay: -L goes with a mode on a log or --eval, not --completion\n"))
  }
}
