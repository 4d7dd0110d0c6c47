import Foundation
import ReplayCLI
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelDiff
@testable import TimeTravelJSON

@Suite struct CLIProgressTests {
  @Test func progressLineOnlyWhenStderrIsATerminal() throws {
    let temp = try TempLog(TempLog.counterLines(1200))
    let terminal = BufferIO()
    terminal.errorIsTerminal = true
    #expect(ReplayCommand.run([temp.path, "--find", ".next.count == 1100"], io: terminal) == 0)
    #expect(terminal.stderr.hasPrefix("\rsearching 1/1200 (0%)\u{1B}[K"))
    #expect(terminal.stderr.hasSuffix("\r\u{1B}[K"))
    #expect(terminal.stdout == "1 entry matches:\n  entry 1100 (increment)\n")
    let pipe = BufferIO()
    #expect(ReplayCommand.run([temp.path, "--find", ".next.count == 1100"], io: pipe) == 0)
    #expect(pipe.stderr == "")
  }
}
