import Foundation
import ReplayCLI
import TestSupport
import Testing

/// The command line's checks of `--follow` and `--until`.
@Suite struct FollowUsageTests {
  static func run(_ arguments: [String]) -> (code: Int32, stderr: String) {
    let io = BufferIO()
    let code = ReplayCommand.run(arguments, io: io)
    return (code, io.stderr.components(separatedBy: "\n").first ?? "")
  }

  @Test func untilNeedsFollow() {
    #expect(
      Self.run([Repo.fixture, "--find", ".seq", "--until", ".seq > 3"])
        == (2, "replay: --until goes with --follow or --listen"))
  }

  /// The process's stdin is followed as a stream (`FollowStreamTests`); buffers are none.
  @Test func standardInputIsFollowedOnlyWhenItIsAStream() {
    #expect(
      Self.run(["-", "--follow"]) == (2, "replay: --follow cannot read stdin here: it is no stream")
    )
  }

  @Test func followGoesWithTheModesThatReportEntries() {
    #expect(
      Self.run([Repo.fixture, "--diff", "3", "--follow"])
        == (2, "replay: --follow goes with the summary, --find, --watch or --step"))
    #expect(
      Self.run([Repo.fixture, "--step", "--follow", "--until", ".seq > 3"])
        == (2, "replay: --until goes with the summary, --find, --watch or --listen"))
  }

  @Test func aBadUntilExpressionIsAUsageErrorBeforeAnythingIsPrinted() {
    let io = BufferIO()
    #expect(ReplayCommand.run([Repo.fixture, "--follow", "--until", ".seq >"], io: io) == 2)
    #expect(io.stdout == "")
    #expect(io.stderr.hasPrefix("replay: --until expression syntax error at "))
  }
}
