import Foundation
import ProfileSample
import TimeTravel

// Records the profile screen's scripted session (a slow fetch cancelled, a second one
// completing) to the path given, by default profile-session.jsonl:
// `swift run profile-sample`, then `replay profile-session.jsonl`.
let path = CommandLine.arguments.dropFirst().first ?? "profile-session.jsonl"
let recorder = try LogRecorder(
  url: URL(fileURLWithPath: path), app: "ProfileSample", stateType: "ProfileState",
  actionType: "ProfileAction")
_ = await ProfileSession.play(recordingTo: recorder)
try recorder.close()
print("recorded \(path)")
