import Foundation
import TestSupport
import Testing

/// Whether Python's `duckdb` package can be imported.
enum DuckDBPeer {
  static let isInstalled: Bool = {
    guard let python = PeerResources.executable("python3") else { return false }
    return (try? CompletedProcess.runBlocking(python, ["-c", "import duckdb"]))?.status == 0
  }()
}

/// The DuckDB query of docs/warehouse.md, as the page prints it, on a folder of the
/// fixtures: it finds the sessions that ended inside the reducer and their fatal actions.
@Suite(.enabled(if: DuckDBPeer.isInstalled, "needs Python's duckdb (pip install duckdb)"))
struct WarehouseRecipeTests {
  /// The page's first `sql` block.
  static func recipe() throws -> String {
    let page = try String(
      contentsOf: Repo.root.appendingPathComponent("docs/warehouse.md"), encoding: .utf8)
    let start = try #require(page.range(of: "```sql\n"))
    let end = try #require(page.range(of: "\n```", range: start.upperBound..<page.endIndex))
    return String(page[start.upperBound..<end.lowerBound])
  }

  /// Runs `query` through Python's duckdb on `folder` (for `LOGS`): its rows, one a line.
  static func run(_ query: String, on folder: URL) async throws -> CompletedProcess {
    let file = folder.appendingPathComponent("query.sql")
    try query.replacingOccurrences(of: "LOGS", with: folder.path)
      .write(to: file, atomically: true, encoding: .utf8)
    let script =
      "import duckdb, sys\nfor row in duckdb.sql(open(sys.argv[1]).read()).fetchall(): print(row)"
    return try await CompletedProcess.run(
      PeerResources.executable("python3")!, ["-c", script, file.path])
  }

  /// A folder with the crash fixture and a log with a line that is not JSON: the query as
  /// printed stops at that line, and with `ignore_errors = true`, as the page says, it
  /// skips the line and finds the crash.
  @Test func aLineThatIsNotJSONStopsTheQueryUnlessItIgnoresErrors() async throws {
    let folder = Scratch.folder
      .appendingPathComponent("replay-warehouse-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      atPath: Repo.crash, toPath: folder.appendingPathComponent("a-crash.jsonl").path)
    var lines = try String(contentsOfFile: Repo.fixture, encoding: .utf8)
      .split(separator: "\n").map(String.init)
    lines.insert("not json", at: 5)
    try (lines.joined(separator: "\n") + "\n").write(
      to: folder.appendingPathComponent("b.jsonl"), atomically: true, encoding: .utf8)
    let recipe = try Self.recipe()
    let stopped = try await Self.run(recipe, on: folder)
    #expect(stopped.status != 0)
    #expect(
      stopped.err.contains(
        #"Invalid Input Error: Malformed JSON in file "\#(folder.path)/b.jsonl""#))
    let option = "filename = true, ignore_errors = true,"
    let skipping = try await Self.run(
      recipe.replacingOccurrences(of: "filename = true,", with: option), on: folder)
    #expect(skipping.status == 0, "\(skipping.err)")
    #expect(skipping.out == "('deleteTodos', 1, ['a-crash.jsonl'])\n")
  }

  @Test func theFatalActionsOfAFolderOfLogs() async throws {
    let folder = Scratch.folder
      .appendingPathComponent("replay-warehouse-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let crash = try String(contentsOfFile: Repo.crash, encoding: .utf8)
    try crash.write(
      to: folder.appendingPathComponent("a-crash.jsonl"), atomically: true, encoding: .utf8)
    try crash.write(
      to: folder.appendingPathComponent("d-crash.jsonl"), atomically: true, encoding: .utf8)
    let changed = crash.replacingOccurrences(
      of: #""deleteTodos":{"atOffsets":[2]}"#, with: #""clearCompleted":{}"#)
    #expect(changed != crash)
    try changed.write(
      to: folder.appendingPathComponent("c-crash.jsonl"), atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(
      atPath: Repo.fixture, toPath: folder.appendingPathComponent("b-session.jsonl").path)
    let run = try await Self.run(try Self.recipe(), on: folder)
    #expect(run.status == 0, "\(run.err)")
    #expect(
      run.out == """
        ('deleteTodos', 2, ['a-crash.jsonl', 'd-crash.jsonl'])
        ('clearCompleted', 1, ['c-crash.jsonl'])

        """)
  }
}
