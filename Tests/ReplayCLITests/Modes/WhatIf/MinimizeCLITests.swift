import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing
import TimeTravel
import TimeTravelJQ
import TodoReducer

/// `replay LOG --minimize --predicate EXPR --reducer NAME`: the kept actions, in text and
/// JSON; the test of the kept history, which fails on the buggy reducer; the budget and
/// Ctrl-C.
struct MinimizeCLITests {
  static let blankUnderCompleted =
    #"any(.todos[]; .title | test("^\\s*$")) and .filter == "completed""#
  static let search = WhatIfCLITests.search

  @Test func aBlankTitleUnderTheCompletedFilterKeepsExactlyThoseTwoActions() {
    let (code, out, err) = replay(
      Repo.fixture, "--minimize", "--predicate", Self.blankUnderCompleted, "--reducer", "todo")
    #expect(code == 0)
    #expect(err == "")
    #expect(
      out == """
        kept 2 of 240 entries, 1-minimal (48 replays through reducer todo): without any one of them the predicate does not hold at the end
          entry 117 (addTodo) {"id":"todo-035","title":"   "}  at TodoReducer/TodoSessionFixture.swift:72
          entry 236 (setFilter) {"_0":"completed"}  at TodoReducer/TodoSessionFixture.swift:142

        """)
    let json = replay(
      Repo.fixture, "--minimize", "--predicate", Self.blankUnderCompleted, "--reducer", "todo",
      "--format", "json")
    #expect(
      json.out
        == #"{"kept":[{"seq":117,"action":{"addTodo":{"id":"todo-035","title":"   "}},"site":{"file":"TodoReducer/TodoSessionFixture.swift","line":72,"function":"perform(step:)"}},{"seq":236,"action":{"setFilter":{"_0":"completed"}},"site":{"file":"TodoReducer/TodoSessionFixture.swift","line":142,"function":"changeFilter()"}}],"from":240,"replays":48,"minimal":true,"stop":"minimal"}"#
        + "\n")
  }

  @Test func anEffectsResponseIsKeptWithItsQuery() {
    let (code, out, _) = replay(
      Self.search, "--minimize", "--predicate", #".resultsQuery == "swift-""#, "--reducer",
      "search")
    #expect(code == 0)
    #expect(
      out == """
        kept 2 of 6 entries, 1-minimal (4 replays through reducer search): without any one of them the predicate does not hold at the end
          entry 5 (queryChanged) {"_0":"swift-"}  at SearchReducer/SearchSessionFixture.swift:44
          entry 6 (searchResponse) {"query":"swift-","results":["swift-nio","swift-format"]}  at SearchReducer/SearchReducer.swift:49

        """)
  }

  @Test func theBudgetStopsWithTheSmallestFailingHistorySoFar() {
    let (code, out, _) = replay(
      Self.search, "--minimize", "--predicate", #".resultsQuery == "swift-""#, "--reducer",
      "search", "--max-replays", "2", "--format", "json")
    #expect(code == 0)
    #expect(out.hasSuffix(#""from":6,"replays":2,"minimal":false,"stop":"budget"}"# + "\n"))
  }

  @Test func nothingToMinimise() {
    let never = replay(
      Self.search, "--minimize", "--predicate", ".isSearching", "--reducer", "search")
    #expect(never.code == ExitCode.notFound)
    #expect(
      never.err
        == "replay: \(Self.search): the predicate does not hold at the end of the history replayed through reducer search, so there is nothing to minimise\n"
    )
    let always = replay(Self.search, "--minimize", "--predicate", "true", "--reducer", "search")
    #expect(always.code == ExitCode.holdsAtStart)
    let noReducer = replay(Self.search, "--minimize", "--predicate", "true")
    #expect(noReducer.code == ExitCode.usage)
    #expect(
      noReducer.err.hasPrefix(
        "replay: --minimize needs --reducer NAME (a reducer registered with replay)\n"))
  }

  /// Generated/TodoSessionMinimalEntries117To236.swift is the test of the kept history,
  /// without its `@Test` line: regenerating gives the same bytes, and on TodoReducer,
  /// which accepts a blank title, it fails at its last check and nowhere else.
  @Test @MainActor func theTestOfTheKeptHistoryFailsOnTheBuggyReducer() throws {
    let (code, out, err) = replay(
      Repo.fixture, "--minimize", "--predicate", Self.blankUnderCompleted, "--reducer", "todo",
      "--emit-test")
    #expect(code == 0)
    #expect(err.hasPrefix("kept 2 of 240 entries, 1-minimal"))
    let source = try EmitTestTests.committed("TodoSessionMinimalEntries117To236.swift")
    let withoutTestLine = out.components(separatedBy: "\n").filter { !$0.hasPrefix("@Test(") }
    #expect(withoutTestLine.joined(separator: "\n") == source)
    #expect(out.contains(#"@Test("todo-session.jsonl, minimal: entries 117, 236")"#))
    let lines = source.components(separatedBy: "\n")
    let check = try #require(lines.firstIndex { $0.hasPrefix("  #expect(try !bug.holds") }) + 1
    try withKnownIssue {
      try todoSessionMinimalEntries117To236()
    } matching: { issue in
      issue.sourceLocation?.line == check
        && issue.sourceLocation?.fileName == "TodoSessionMinimalEntries117To236.swift"
    }
  }

  /// The check the test ends with passes on a reducer without the bug.
  @Test func theCheckPassesOnceTheTitleIsTrimmed() throws {
    var state = TodoState()
    for action in [TodoAction.addTodo(id: "todo-035", title: "   "), .setFilter(.completed)] {
      if case .addTodo(_, let title) = action, title.allSatisfy(\.isWhitespace) { continue }
      TodoReducer().reduce(into: &state, action: action)
    }
    let bug = try JQFilter(Self.blankUnderCompleted)
    #expect(try !bug.holds(on: JSONValueCoding.encode(state)))
    TodoReducer().reduce(into: &state, action: .addTodo(id: "todo-035", title: "   "))
    #expect(try bug.holds(on: JSONValueCoding.encode(state)))
  }

  /// Ctrl-C at a terminal, while the progress line shows, stops the search with the
  /// smallest failing history found so far.
  @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux and the built replay"))
  func controlCStopsWithTheBestSoFar() async throws {
    var text = #"{"format":"replay-log","version":1,"initialState":{"counter":0}}"# + "\n"
    for seq in 1...20000 { text += #"{"seq":\#(seq),"action":{"type":"INCREMENT"}}"# + "\n" }
    let log = try TempLog(text)
    let output = log.path + ".out"
    defer { try? FileManager.default.removeItem(atPath: output) }
    // Any 10,000 of the 20,000 increments will do: ddmin keeps the first half, then needs
    // some 40,000 replays of 10,000 entries each (minutes) to find that every one of them
    // is needed, so the search is still running when the progress line shows.
    let command =
      "\(TmuxSession.quoted(TmuxSession.replay!)) \(TmuxSession.quoted(log.path)) --minimize --predicate '.counter >= 10000' --reducer redux-counter --max-replays 1000000000 > \(TmuxSession.quoted(output))"
    // The progress line shows only while the search runs. Awaited from the test, the look
    // at it could come after the search ended (in a full run the pool's threads are busy
    // for minutes), so the start, the look and the Ctrl-C follow each other on a thread of
    // their own.
    let (tmux, progress) = try await TmuxSession.script {
      let tmux = try TmuxSession(blockingColumns: 120) { _ in command }
      let progress = try tmux.waitBlocking { $0.contains { $0.hasPrefix("minimizing: ") } }
      if progress.held { try tmux.pressBlocking("C-c") }
      return (tmux, progress)
    }
    try #require(
      progress.held, "no progress line; the screen:\n\(progress.rows.joined(separator: "\n"))")
    // The result is complete when it lists as many entries as its first line says.
    try await tmux.waitFor("the result") { _ in
      let lines = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
        .split(separator: "\n")
      guard let first = lines.first, let kept = Self.kept(first) else { return false }
      return lines.count == kept + 1
    }
    let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
    #expect(lines[0].hasPrefix("stopped (Ctrl-C) after "))
    #expect(lines[0].hasSuffix(" of 20000 entries; it may not be 1-minimal"))
    #expect((Self.kept(lines[0]) ?? 0) >= 10000)
    #expect(lines[1] == "  entry 1 (INCREMENT)")
  }

  /// K in "… keeps K of 20000 entries …" (stopped) or "kept K of 20000 entries, …" (done).
  static func kept(_ line: Substring) -> Int? {
    guard let range = line.range(of: "keeps ") ?? line.range(of: "kept ") else { return nil }
    return Int(line[range.upperBound...].prefix { $0.isNumber })
  }
}
