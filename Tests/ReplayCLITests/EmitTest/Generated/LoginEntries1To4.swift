// swift-format-ignore-file
// Generated from login.jsonl by `replay LOG --emit-test --reducer login`.
// Replays entries 1…4 of login.jsonl through LoginReducer with TestStore: each
// closure is the change the log recorded. Edit one to what the reducer should do, and
// the test fails at that entry, with the difference, until the reducer does it.
// Effects do not run: the actions the log says they sent are delivered from it, in
// order (receive(_:from:)), so no dependency is called; --live-effects runs them.

import Foundation
import Testing
import TimeTravelTesting
@testable import LoginReducer

@Test("login.jsonl, entries 1…4")
@MainActor
func loginEntries1To4() throws {
  let store = try TestStore(
    initialState: decode(#"{"email":"","error":null,"isLoading":false,"password":""}"#),
    reducer: LoginReducer(),
    effects: .replayed)

  // entry 1 (emailChanged)
  try store.send(decode(#"{"emailChanged":{"_0":"a@b.c"}}"#)) {
    $0.email = "a@b.c"
  }

  // entry 2 (passwordChanged)
  try store.send(decode(#"{"passwordChanged":{"_0":"secret"}}"#)) {
    $0.password = "secret"
  }

  // entry 3 (submit)
  try store.send(decode(#"{"submit":{}}"#)) {
    $0.isLoading = true
  }

  // entry 4 (loginResponse)
  try store.receive(decode(#"{"loginResponse":{"_0":{"success":{"userID":"user-5"}}}}"#), from: "login") {
    $0.isLoading = false
    $0.password = ""
  }
}

/// A recorded JSON value (an action or a state) decoded as the type the context needs.
private func decode<T: Decodable>(_ json: String) throws -> T {
  try JSONDecoder().decode(T.self, from: Data(json.utf8))
}
