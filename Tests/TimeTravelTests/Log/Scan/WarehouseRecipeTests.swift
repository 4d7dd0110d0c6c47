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

  @Test func theFatalActionsOfAFolderOfLogs() async throws {
    let folder = FileManager.default.temporaryDirectory
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
    let query = folder.appendingPathComponent("query.sql")
    try Self.recipe().replacingOccurrences(of: "LOGS", with: folder.path)
      .write(to: query, atomically: true, encoding: .utf8)
    let script =
      "import duckdb, sys\nfor row in duckdb.sql(open(sys.argv[1]).read()).fetchall(): print(row)"
    let run = try await CompletedProcess.run(
      PeerResources.executable("python3")!, ["-c", script, query.path])
    #expect(run.status == 0, "\(run.err)")
    #expect(
      run.out == """
        ('deleteTodos', 2, ['a-crash.jsonl', 'd-crash.jsonl'])
        ('clearCompleted', 1, ['c-crash.jsonl'])

        """)
  }
}
