import BundledReducers
import CLITestSupport
import Foundation
import LoginReducer
import ReplayCLI
import TestSupport
import Testing

@testable import TimeTravel
@testable import TimeTravelDiff

@MainActor
struct LoginRedactionTests {
  nonisolated private static let secret = "hunter2-S3cr3t!"

  private func eventually(_ condition: () -> Bool) async {
    for _ in 0..<500 where !condition() { try? await Task.sleep(for: .milliseconds(10)) }
  }

  /// Records a login (one wrong password, then the right one) with redaction and
  /// pending records on, so every kind of line carries the password's place.
  private func recordLogin(to url: URL) async throws -> Store<LoginReducer> {
    let client = LoginClient { email, password in
      try await Task.sleep(for: .milliseconds(1))
      guard password == Self.secret else { throw Refused() }
      return "user-\(email.count)"
    }
    let recorder = try LogRecorder(
      url: url, app: "Login", stateType: "LoginState", actionType: "LoginAction",
      pendingRecords: true, redacting: LoginReducer.redaction)
    let store = Store(
      initialState: LoginState(), reducer: LoginReducer(client: client), recorder: recorder)
    store.send(.emailChanged("ada@example.com"))
    store.send(.passwordChanged("wrong-" + Self.secret))
    store.send(.submit)
    await eventually { !store.state.isLoading }
    store.send(.passwordChanged(Self.secret))
    store.send(.submit)
    await eventually { !store.state.isLoading }
    try recorder.close()
    return store
  }

  struct Refused: Error, CustomStringConvertible {
    var description: String { "Wrong email or password." }
  }

  @Test func theLogNeverContainsThePassword() async throws {
    let url = Scratch.folder
      .appendingPathComponent("login-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let store = try await recordLogin(to: url)
    #expect(store.state.error == nil)
    #expect(store.state.password == "")

    let bytes = try Data(contentsOf: url)
    #expect(bytes.range(of: Data(Self.secret.utf8)) == nil)
    #expect(bytes.range(of: Data("hunter2".utf8)) == nil)

    let log = try LogFile(path: url.path)
    #expect(log.entryCount == 7)
    let entries = try (1...7).map { try log.entry($0) }
    #expect(
      entries.map(\.actionName) == [
        "emailChanged", "passwordChanged", "submit", "loginResponse", "passwordChanged", "submit",
        "loginResponse",
      ])
    #expect(entries[1].action == ["passwordChanged": ["_0": "<redacted>"]])
    #expect(entries[1].next["password"] == "<redacted>")
    #expect(entries[2].next["password"] == "<redacted>")
    #expect(
      entries[3].action == [
        "loginResponse": ["_0": ["failure": ["message": "Wrong email or password."]]]
      ])
    #expect(entries[6].action == ["loginResponse": ["_0": ["success": ["userID": "user-15"]]]])
    // The email is not a secret and stays.
    #expect(entries[0].next["email"] == "ada@example.com")
  }

  @Test func theResponsesNameTheLoginEffectAndTheSubmitThatStartedIt() async throws {
    let url = Scratch.folder
      .appendingPathComponent("login-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    _ = try await recordLogin(to: url)
    let text = try String(contentsOf: url, encoding: .utf8)
    let responses = text.split(separator: "\n").filter {
      $0.contains(#""loginResponse""#) && !$0.contains(#""pending":true"#)
    }
    #expect(responses.count == 2)
    // Each names its run, and the effect's `send` that sent it: the failure's, the success's.
    let site = #""site":{"file":"LoginReducer/LoginReducer.swift","line":"#
    #expect(responses[0].contains(#""origin":{"cause":3,"effect":"login","id":1},\#(site)64,"#))
    #expect(responses[1].contains(#""origin":{"cause":6,"effect":"login","id":2},\#(site)62,"#))
  }

  @Test func aRedactedLogStillVerifiesThroughTheLoginReducer() async throws {
    let url = Scratch.folder
      .appendingPathComponent("login-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    _ = try await recordLogin(to: url)
    // The placeholder flows through the reducer exactly as the secret did.
    let io = BufferIO()
    let code = ReplayCommand.run(
      [url.path, "--verify", "--reducer", "login"], io: io, reducers: BundledReducers.registry)
    #expect(io.stdout == "verified 7 entries: every recomputed state matches the log\n")
    #expect(io.stderr == "")
    #expect(code == 0)
  }

  @Test func redactionReplacesOnlyResolvablePointers() throws {
    let redaction = LogRedaction(state: ["/a/0/b", "/missing", "/a/9", "/x~1y"])
    let out = try redaction.apply(
      redaction.statePointers, to: Data(#"{"a":[{"b":1,"c":2}],"x/y":"s"}"#.utf8))
    #expect(
      String(decoding: out, as: UTF8.self)
        == #"{"a":[{"b":"<redacted>","c":2}],"x/y":"<redacted>"}"#)
    let untouched = Data(#"{"k":1}"#.utf8)
    #expect(try redaction.apply(redaction.statePointers, to: untouched) == untouched)
  }
}
