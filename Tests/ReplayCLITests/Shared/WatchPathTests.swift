import CLITestSupport
import TestSupport
import Testing

@testable import ReplayCLI
@testable import TimeTravel
@testable import TimeTravelDiff
@testable import TimeTravelJQ

/// Watch paths: JSON Pointers, and jq paths read by the jq parser (``JQPath``).
@Suite struct WatchPathTests {
  @Test(arguments: [
    (".todos[0].title", "/todos/0/title"),
    (".", ""),
    ("", ""),
    (#"."a b".c"#, "/a b/c"),
    (#".["a/b"][3]"#, "/a~1b/3"),
    (".a.[2]", "/a/2"),
    ("/todos/0/title", "/todos/0/title"),
    ("/a~1b", "/a~1b"),
    // What path(f) accepts as one static path, beyond the old hand-written grammar:
    (".a | .b", "/a/b"),
    ("(.a)[0] | (.b)", "/a/0/b"),
    (#".["a"]["b"]"#, "/a/b"),
    (#"."\u00e9""#, "/é"),
    (".[1e1]", "/10"),
    (".[  0  ]", "/0"),
    (" .a ", "/a"),
    (".a # a comment", "/a"),
  ])
  func parsesJqPathsAndPointers(text: String, pointer: String) throws {
    #expect(try WatchPath.pointer(parsing: text).description == pointer)
  }

  @Test(arguments: [
    ("todos", "'todos' is neither a JSON Pointer (/a/0/b) nor a jq path (.a[0].b)"),
    (
      ".todos[-1]", "column 8 of '.todos[-1]': expected a non-negative index or a string key in [ ]"
    ),
    (
      ".todos[1.5]",
      "column 8 of '.todos[1.5]': expected a non-negative index or a string key in [ ]"
    ),
    (".todos[0", "column 9 of '.todos[0': unexpected end of input, expected ']'"),
    (".todos[]", "column 7 of '.todos[]': '[]' iterates, so the expression has many paths"),
    (
      ".todos[] | .title",
      "column 7 of '.todos[] | .title': '[]' iterates, so the expression has many paths"
    ),
    (".a, .b", "column 3 of '.a, .b': ',' makes more than one path"),
    ("..", "column 1 of '..': '..' recurses, so the expression has many paths"),
    (
      ".[1:3]", "column 3 of '.[1:3]': a slice names several elements; a watch path names one value"
    ),
    (".[.k]", "column 3 of '.[.k]': a key computed from the input is not static; write a literal"),
    (
      #"."a\(1)""#,
      #"column 2 of '."a\(1)"': a key with \( ) interpolation is computed from the input"#
    ),
    (
      ".a?",
      #"column 3 of '.a?': '?' is not part of a static path (.key, ."key", .[key], .[from:to], |)"#
    ),
    (
      "(.a | length)",
      #"column 7 of '(.a | length)': 'length' is not part of a static path (.key, ."key", .[key], .[from:to], |)"#
    ),
    (".a +", "column 5 of '.a +': unexpected end of input"),
    (".a[", "column 4 of '.a[': unexpected end of input"),
  ])
  func rejectsOtherExpressions(text: String, message: String) {
    #expect(throws: JSONPointerError(message: message)) { try WatchPath.pointer(parsing: text) }
  }

  @Test func jqPathKeysAreWhatPathGives() throws {
    for source in [".todos[0].title", ".a | .b", #".["x"][-1]"#, ".[2:]", ".", ".a.[1:3]"] {
      let keys = try JQPath(source).keys
      let fromJq = try JQFilter("path(\(source))").evaluate(.null)
      #expect(fromJq == [.array(JSONArray(keys))], "\(source)")
    }
    #expect(
      try JQPath(#".todos[-1]."a b""#).components == [
        JQPath.Component(key: "todos", column: 1), JQPath.Component(key: -1, column: 8),
        JQPath.Component(key: "a b", column: 11),
      ])
    #expect(try JQPath(".[:2]").keys == [["start": nil, "end": 2]])
  }

  @Test func jqPathErrorsNameTheColumn() {
    #expect(
      throws: JQSyntaxError(message: "',' makes more than one path", column: 3, source: ".a, .b")
    ) {
      try JQPath(".a, .b")
    }
    #expect(
      throws: JQSyntaxError(
        message: "unexpected end of input, expected ']'", column: 4, source: ".[0")
    ) {
      try JQPath(".[0")
    }
  }

  @Test func theStepperSaysWhyAndStays() {
    let (code, out, _) = replay(
      Repo.fixture, "--step", stdin: "watch .todos[]\nwatch .filter | .x\nq\n")
    #expect(code == 0)
    #expect(
      out.hasSuffix(
        "[init/240] initial state\n"
          + "column 7 of '.todos[]': '[]' iterates, so the expression has many paths\n"
          + "no entry after the initial state (init) changes /filter/x; staying here\n"))
  }

  @Test func theCLIUsesIt() {
    let pipe = replay(Repo.fixture, "--watch", ".todos[24] | .title", "--where", ".seq < 120")
    let dotted = replay(Repo.fixture, "--watch", ".todos[24].title", "--where", ".seq < 120")
    #expect(pipe.code == 0)
    #expect(pipe.out == dotted.out)
    let bad = replay(Repo.fixture, "--watch", ".todos[]")
    #expect(bad.code == ExitCode.usage)
    #expect(
      bad.err
        == "replay: --watch: column 7 of '.todos[]': '[]' iterates, so the expression has many paths\n"
    )
  }
}
