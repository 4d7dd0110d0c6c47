import CLITestSupport
import Foundation
import ProfileSample
import ReplayCLI
import TestSupport
import Testing
import TimeTravel

/// A view model recorded without a reducer: the profile screen's session, in which a
/// slow fetch is cancelled when the view goes away and a second one completes, gives
/// exactly these entries, origins and cancellation, and every `replay` mode reads it.
@MainActor
@Suite struct ViewModelRecordingTests {
  /// The session's log, recorded with a clock that never moves.
  static func recordSession() async throws -> (lines: [String], viewModel: ProfileViewModel) {
    let writer = MemoryLogWriter()
    let recorder = try LogRecorder(
      writer: writer, app: "ProfileSample", stateType: "ProfileState",
      actionType: "ProfileAction", clock: { Date(timeIntervalSince1970: 1_767_603_600) })
    let viewModel = await ProfileSession.play(recordingTo: recorder)
    #expect(viewModel.recording.recordingError == nil)
    try recorder.close()
    return (writer.lines, viewModel)
  }

  /// The session's lines: each entry with the site of its intent or of the task's change,
  /// each task's run between its start and its end.
  static let expectedLines = [
    #"{"format":"replay-log","version":1,"app":"ProfileSample","stateType":"ProfileState","actionType":"ProfileAction","created":"2026-01-05T09:00:00.000Z","closingRecord":true,"nils":"null"}"#,
    #"{"seq":1,"time":"2026-01-05T09:00:00.000Z","action":{"fetchUser":{"id":1}},"site":{"file":"ProfileSample/ProfileViewModel.swift","line":81,"function":"fetchUser(id:)"},"prior":{"errorMessage":null,"isLoading":false,"user":null},"next":{"errorMessage":null,"isLoading":true,"user":null}}"#,
    #"{"effect":"start","id":1,"name":"fetchUser","cause":1,"site":{"file":"ProfileSample/ProfileViewModel.swift","line":84,"function":"fetchUser(id:)"},"time":"2026-01-05T09:00:00.000Z"}"#,
    #"{"seq":2,"time":"2026-01-05T09:00:00.000Z","action":{"cancelTasks":{}},"site":{"file":"ProfileSample/ProfileViewModel.swift","line":104,"function":"cancelTasks()"},"prior":{"errorMessage":null,"isLoading":true,"user":null},"next":{"errorMessage":null,"isLoading":false,"user":null}}"#,
    #"{"seq":3,"time":"2026-01-05T09:00:00.000Z","action":{"@@cancelled":{"task":"fetchUser"}},"origin":{"cause":1,"effect":"fetchUser","id":1},"prior":{"errorMessage":null,"isLoading":false,"user":null},"next":{"errorMessage":null,"isLoading":false,"user":null}}"#,
    #"{"effect":"end","id":1,"outcome":"cancelled","by":"task","time":"2026-01-05T09:00:00.000Z"}"#,
    #"{"seq":4,"time":"2026-01-05T09:00:00.000Z","action":{"fetchUser":{"id":2}},"site":{"file":"ProfileSample/ProfileViewModel.swift","line":81,"function":"fetchUser(id:)"},"prior":{"errorMessage":null,"isLoading":false,"user":null},"next":{"errorMessage":null,"isLoading":true,"user":null}}"#,
    #"{"effect":"start","id":2,"name":"fetchUser","cause":4,"site":{"file":"ProfileSample/ProfileViewModel.swift","line":84,"function":"fetchUser(id:)"},"time":"2026-01-05T09:00:00.000Z"}"#,
    #"{"seq":5,"time":"2026-01-05T09:00:00.000Z","action":{"userLoaded":{"_0":{"id":2,"name":"Alan Turing"}}},"origin":{"cause":4,"effect":"fetchUser","id":2},"site":{"file":"ProfileSample/ProfileViewModel.swift","line":87,"function":"fetchUser(id:)"},"prior":{"errorMessage":null,"isLoading":true,"user":null},"next":{"errorMessage":null,"isLoading":false,"user":{"id":2,"name":"Alan Turing"}}}"#,
    #"{"effect":"end","id":2,"outcome":"completed","time":"2026-01-05T09:00:00.000Z"}"#,
    #"{"closed":true,"lastSeq":5,"time":"2026-01-05T09:00:00.000Z","by":"close"}"#,
  ]

  @Test func theSessionIsRecordedExactly() async throws {
    let (lines, viewModel) = try await Self.recordSession()
    #expect(lines == Self.expectedLines)
    #expect(viewModel.state == ProfileState(user: User(id: 2, name: "Alan Turing")))
    #expect(viewModel.recording.lastSeq == 5)
  }

  /// The same log, written to a file, read by `replay`: the summary counts the
  /// cancellation, and `--find` lists what the first intent started.
  @Test func replayReadsTheLog() async throws {
    let (lines, _) = try await Self.recordSession()
    let url = Scratch.folder
      .appendingPathComponent("profile-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    var result = replay(url.path, arguments: [])
    #expect(result.code == 0)
    #expect(
      result.out == """
        \(url.path): 5 entries (replay-log v1, app ProfileSample, ProfileState / ProfileAction)
        time: 2026-01-05T09:00:00.000Z … 2026-01-05T09:00:00.000Z (0s)
        actions:
          fetchUser    2
          cancelTasks  1
          @@cancelled  1
          userLoaded   1
        effects: 2 runs, none running at the end
        warnings: none

        """)
    result = replay(url.path, arguments: ["--find", ".origin.cause == 1"])
    #expect(result.code == 0)
    #expect(
      result.out == """
        1 entry matches:
          entry 3 (@@cancelled) at 2026-01-05T09:00:00.000Z {"task":"fetchUser"} — sent by the effect `fetchUser` of entry 1

        """)
  }

  /// `--verify` re-runs a reducer, and a view model has none: with no reducer registered
  /// for it, `--verify` is a usage error naming the registered ones. A reducer written
  /// over the view model's actions (intents and what its tasks report) replays the log,
  /// with a task's ending changing no state; a state change nobody recorded then shows
  /// as a divergence at the entry that carries it.
  @Test func whatVerifyDoesForAViewModel() async throws {
    let (lines, _) = try await Self.recordSession()
    let directory = Scratch.folder
      .appendingPathComponent("profile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("profile.jsonl")
    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    let result = replay(url.path, arguments: ["--verify", "--reducer", "profile"])
    #expect(result.code == 2)
    #expect(
      result.err
        == "replay: unknown reducer 'profile' (registered: elm-counter, login, redux-counter, search, todo)\n"
    )

    var registry = ReducerRegistry()
    registry.register(name: "profile", reducer: ProfileLikeReducer())
    func verify(_ path: String) -> (Int32, String) {
      let io = BufferIO()
      let code = ReplayCommand.run(
        [path, "--verify", "--reducer", "profile"], io: io, reducers: registry)
      return (code, io.stdout + io.stderr)
    }
    #expect(verify(url.path) == (0, "verified 5 entries: every recomputed state matches the log\n"))

    // The cancelled task's entry says the state changed: something changed it unrecorded.
    var tampered = lines
    let cancelled = try #require(lines.firstIndex { $0.contains(#""@@cancelled""#) })
    tampered[cancelled] = tampered[cancelled].replacingOccurrences(
      of: #""next":{"errorMessage":null,"isLoading":false"#,
      with: #""next":{"errorMessage":null,"isLoading":true"#)
    let tamperedURL = directory.appendingPathComponent("tampered.jsonl")
    try (tampered.joined(separator: "\n") + "\n").write(
      to: tamperedURL, atomically: true, encoding: .utf8)
    #expect(
      verify(tamperedURL.path) == (
        6,
        """
        entry 3 (@@cancelled) diverges: the recomputed state differs from the recorded one at 1 path
          /isLoading: recorded true, recomputed false
        action: {"@@cancelled":{"task":"fetchUser"}}

        """
      ))
  }
}

/// What a reducer for the profile screen would be, if its state changes were pure.
struct ProfileLikeReducer: Reducer {
  func reduce(into state: inout ProfileState, action: ProfileAction) {
    switch action {
    case .fetchUser: state.isLoading = true
    case .cancelTasks: state.isLoading = false
    case .userLoaded(let user):
      state.user = user
      state.isLoading = false
    case .fetchFailed(let message):
      state.errorMessage = message
      state.isLoading = false
    }
  }
}
