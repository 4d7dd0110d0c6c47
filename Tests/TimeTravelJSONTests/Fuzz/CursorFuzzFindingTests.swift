import Foundation
import TestSupport
import Testing

/// The `cursor` fuzz target's check on its saved findings and on seeds from the fixture:
/// each finding was fixed, and stays fixed.
@Suite struct CursorFuzzFindingTests {
  static let findings = Repo.root.appendingPathComponent("Fuzz/findings/cursor")

  @Test func savedFindingsPassTheCheck() throws {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: Self.findings.path)) ?? []
    for file in files.sorted() {
      let bytes = Array(try Data(contentsOf: Self.findings.appendingPathComponent(file)))
      #expect(CursorFuzzCheck.check(bytes) == nil, "\(file)")
    }
  }

  @Test func fixtureLinesAndTheirCutsPassTheCheck() throws {
    let text = try String(contentsOfFile: Repo.fixture, encoding: .utf8)
    for (n, line) in text.split(separator: "\n").prefix(40).enumerated() {
      let bytes = Array(line.utf8)
      for selector in [UInt8(n), UInt8(n * 7 % 256), 0xFF] {
        #expect(CursorFuzzCheck.check([selector] + bytes) == nil)
        #expect(CursorFuzzCheck.check([selector] + bytes.prefix(bytes.count / 2)) == nil)
      }
    }
  }
}
