import Foundation
import TestSupport
import Testing
import TimeTravelJQ
import TimeTravelJSON

/// The recorded jq 1.8 answers of the JQ18 suites, checked against libjq 1.8 itself
/// (`pip install jq` brings libjq 1.8.2; `Fuzz/libjq.py` drives it as jq's main loop
/// does), so that a table cannot drift from jq.
@Suite struct JQ18OracleTests {
  static let python = PeerResources.executable("python3")

  /// Whether `python3 -c "import jq"` succeeds.
  static let hasLibjq: Bool = {
    guard let python else { return false }
    let result = try? CompletedProcess.runBlocking(python, ["-c", "import jq"])
    return result?.status == 0
  }()

  static var allCases: [JQ18Case] {
    JQ18NumberTests.cases + JQ18HugeNumberTests.cases + JQ18SyntaxTests.cases
      + JQ18BuiltinTests.cases + JQ18ModuleTests.cases + JQ18InputTests.cases
      + JQ18ToJSONTests.cases
  }

  @Test(.enabled(if: hasLibjq, "needs python3 with the jq package (pip install jq): libjq 1.8"))
  func recordedAnswersAreJQ18s() async throws {
    let cases = Self.allCases
    let batch: [JSONValue] = cases.map { c in
      var object: JSONObject = [
        "program": .string(c.program), "inputs": .array(JSONArray(c.inputs.map { .string($0) })),
      ]
      if c.usesModules { object["library"] = [.string(JQ18Case.moduleDirectory)] }
      return .object(object)
    }
    let work = Scratch.folder.appendingPathComponent("jq18-\(UUID())")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let file = work.appendingPathComponent("cases.json")
    try Data(JSONPrinter.compact.print(.array(JSONArray(batch))).utf8).write(to: file)
    let script = Repo.root.appendingPathComponent("Fuzz/libjq.py").path
    let result = try await CompletedProcess.run(
      try #require(Self.python), [script, "--batch", file.path], in: work)
    try #require(result.status == 0, "Fuzz/libjq.py failed: \(result.err)")
    let answers = result.out.split(separator: "\n").map(String.init)
    try #require(answers.count == cases.count)
    for (c, answer) in zip(cases, answers) {
      let jq = try Self.lines(JSONParser.parse(answer))
      #expect(jq == c.expected, "jq 1.8 answers \(jq) to \(c)")
    }
  }

  /// A libjq result as the tables write it.
  static func lines(_ result: JSONValue) throws -> [String] {
    if result["compile_errors"] != nil { return ["compile error"] }
    let events = try #require(result["events"]?.arrayValue)
    return events.elements.compactMap { event -> String? in
      guard let kind = event[0]?.stringValue else { return nil }
      let text = event[1]?.stringValue ?? ""
      switch kind {
      case "out": return text
      case "error": return "error: " + text
      case "debug": return "debug: " + text
      case "stderr": return "stderr: " + text
      case "input-error": return "input error: " + text
      case "halt":
        let code = event[1].map(JSONPrinter.compact.print) ?? "0"
        let message = event[2].map(JSONPrinter.compact.print) ?? "null"
        return "halt \(code): \(message)"
      default: return nil
      }
    }
  }
}
