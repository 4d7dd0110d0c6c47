import TerminalEditor
import TimeTravel

/// What `--emit-test` asks for, before the log is opened.
struct EmitTestRequest: Equatable, Sendable {
  /// The registered reducer's name.
  var reducer: String
  /// `--range`, or `nil` for the whole log.
  var range: SeqRange?
  /// `--module`, or `nil` for the reducer's own module.
  var module: String?
  /// `--live-effects`: the test runs the reducer's effects.
  var liveEffects = false
}

/// The part of a generated test that does not depend on the reducer's types: which
/// entries, and how the file names them.
struct TestEmission: Sendable {
  /// The log.
  var log: LogFile
  /// The first and last entry, as 1-based positions.
  var positions: ClosedRange<Int>
  /// `--module`, or `nil` for the reducer's own module.
  var module: String?
  /// The command that generated the file, quoted in its first comment.
  var command: String
  /// How array elements are matched in each entry's diff (`--id-key`).
  var diffOptions = DiffOptions()
  /// `--live-effects`: the test runs the reducer's effects instead of delivering what
  /// they sent from the log.
  var liveEffects = false
  /// Set for the kept history of `--minimize`: the test ends by checking that the
  /// predicate does not hold, so it fails while the reducer has the bug.
  var minimized: Minimized?

  /// What `--minimize` kept, and the predicate the kept history makes hold.
  struct Minimized: Sendable {
    var predicate: String
    /// The kept entries' seqs in the recorded log.
    var kept: [Int]
    /// How many entries the recorded log has.
    var from: Int
  }
}

/// Writes a Swift Testing source file that replays entries of a log through `R` with
/// TimeTravelTesting's `TestStore`, the way Redux DevTools' test generator writes
/// `expect(reducer(prev, action)).toEqual(next)` for a recorded session.
///
/// Each entry becomes `store.send(action) { mutations }`, or `store.undo`, `redo` or
/// `jump(to:)` for a recorded move; an entry Redux DevTools skipped is a comment, as no
/// replay applies it. With an ``EffectReducer``, an action an effect sent (its entry's
/// `origin` names the effect) is `store.receive(action, from: "effect") { … }`: the test
/// store is made with `effects: .replayed`, so effects do not run and the test is
/// hermetic. With `--live-effects` effects run, such an action is
/// `await store.receive(action) { … }`, and the test ends with `await store.finish()`
/// when any entry in the range started an effect (one may be in flight at its end). The mutations are the recorded change,
/// from the RFC 6902 patch of the entry's prior to its next state: one Swift statement
/// per operation where ``SwiftAccessPath`` can name the place and ``SwiftSource`` can
/// spell the value, recorded JSON decoded by the file's `decode` otherwise, and the
/// whole recorded next state when an operation has no Swift form.
struct TestEmitter<R: Reducer> where R.State: Codable, R.Action: Decodable {
  let emission: TestEmission
  let nils: NilEncoding
  /// The reducer, to tell which entries start effects.
  let reducer: R

  init(_ emission: TestEmission, reducer: R) {
    self.emission = emission
    self.reducer = reducer
    nils = emission.log.nils
  }

  /// Whether the reducer returns effects, so that the test store's effects matter.
  var hasEffects: Bool { R.self is any EffectReducer.Type }

  /// The source file.
  /// - Throws: ``CommandError`` with ``ExitCode/incompatibleLog`` when an action or
  ///   state does not decode as the reducer's types, ``ExitCode/usage`` when a recorded
  ///   move reaches a state before the range, and `LogError` when an entry cannot be read.
  /// - Complexity: Per entry, one diff of its states, and one decode of the state after
  ///   each operation of the diff.
  func source() throws -> String {
    let log = emission.log
    let first = try log.entry(emission.positions.lowerBound)
    var history = try historyCursor(before: emission.positions.lowerBound)
    var body: [String] = []
    var startsEffects = false
    for position in emission.positions {
      let entry = try log.entry(position)
      body.append("")
      body.append("  // entry \(entry.seq) (\(SwiftSource.comment(ActionName.of(entry.action))))")
      if let move = TimeTravelMove(action: entry.action) {
        body += try moveStep(move, entry: entry, history: &history)
        continue
      }
      if entry.isSkipped {
        // Redux DevTools skipped it: every replay leaves the state as it was, so the
        // test store is not sent it (and its history gains no state).
        body.append(
          "  // Skipped in Redux DevTools: its action is not applied, and the state is unchanged.")
        continue
      }
      history.append()
      if TaskEnding.isEnding(entry.action) {
        body.append("  // A view model's task ended here; there is nothing to send.")
        continue
      }
      let typed = try decodeAction(entry)
      if hasEffects, !startsEffects { startsEffects = try startsEffect(typed, entry: entry) }
      let mutations = try mutations(entry)
      let action = "decode(\(SwiftSource.rawJSONLiteral(entry.action)))"
      body += statement(call(action, sentBy: effectName(entry)), mutations)
    }
    let live = hasEffects && emission.liveEffects
    if live, startsEffects { body += ["", "  await store.finish()"] }
    if let minimized = emission.minimized { body += bugCheck(minimized) }
    return header(first: first, async: live && startsEffects)
      + body.joined(separator: "\n") + "\n}\n" + decodeHelper
  }

  /// The name of the effect that sent the entry's action: its `origin`'s `effect`, for a
  /// reducer with effects; `nil` for an action the user sent (and for any action of a
  /// reducer without effects, which is sent as --verify feeds it).
  private func effectName(_ entry: LogEntry) -> String? {
    guard hasEffects, case .object(let origin)? = entry.otherMembers["origin"] else { return nil }
    return origin["effect"]?.stringValue
  }

  /// `try store.send(ACTION)`; for an action an effect sent, `try store.receive(ACTION,
  /// from: "NAME")` (replayed effects), or `try await store.receive(ACTION)` (live ones,
  /// as TCA's test store receives them).
  private func call(_ action: String, sentBy effect: String?) -> String {
    guard let effect else { return "try store.send(\(action))" }
    return emission.liveEffects
      ? "try await store.receive(\(action))"
      : "try store.receive(\(action), from: \(SwiftSource.literal(effect)))"
  }

  /// Whether the reducer, given the entry's recorded prior and its action, returns an
  /// effect that starts something.
  private func startsEffect(_ action: R.Action, entry: LogEntry) throws -> Bool {
    var state = try decodeState(entry.prior, entry: entry, which: "prior")
    let effect = reducer.reduceReturningEffect(into: &state, action: action)
    return effect.steps.contains { if case .start = $0 { true } else { false } }
  }

  /// The last lines of a minimised history's test: the predicate must not hold on the
  /// final state, encoded as the recorder encodes it.
  private func bugCheck(_ minimized: TestEmission.Minimized) -> [String] {
    let predicate = SwiftSource.literal(minimized.predicate)
    let nilsArgument = nils == .null ? "" : ", nils: .omitted"
    return [
      "",
      "  // The bug these entries reproduce (replay --minimize): the predicate must not hold.",
      "  let bug = try JQFilter(\(predicate))",
      "  let state = try JSONValueCoding.encode(store.state\(nilsArgument))",
      "  #expect(try !bug.holds(on: state), \(SwiftSource.literal("the predicate \(minimized.predicate) holds at the end: the bug is still there")))",
    ]
  }

  /// `call`, with the mutations as a trailing closure when there are any.
  private func statement(_ call: String, _ mutations: [String]) -> [String] {
    guard !mutations.isEmpty else { return ["  \(call)"] }
    return ["  \(call) {"] + mutations.map { "    \($0)" } + ["  }"]
  }

  /// The lines of a recorded undo, redo or jump, with its index in the test store's
  /// history.
  private func moveStep(
    _ move: TimeTravelMove, entry: LogEntry, history: inout HistoryCursor
  ) throws -> [String] {
    let held = "\(history.offset)…\(history.offset + history.count - 1)"
    guard let target = history.apply(move) else {
      let start = emission.log.numbering.number(atPosition: emission.positions.lowerBound)
      throw CommandError(
        code: ExitCode.usage,
        message:
          "entry \(entry.seq) (\(move.kind.rawValue)) moves from history index \(move.from) to \(move.to), but the test store holds indices \(held) of the app's history (the range starts at entry \(start)); start the range earlier"
      )
    }
    let mutations = try self.mutations(entry)
    let throwing = mutations.contains { $0.contains("try ") }
    let call: String
    switch move.kind {
    case .undo: call = "store.undo"
    case .redo: call = "store.redo"
    case .jump: call = "store.jump(to: \(target))"
    }
    let prefix = throwing ? "try " : ""
    guard !mutations.isEmpty else { return ["  \(call) { _ in }"] }
    return ["  \(prefix)\(call) {"] + mutations.map { "    \($0)" } + ["  }"]
  }

  /// The statements that turn the entry's prior state into its next one.
  private func mutations(_ entry: LogEntry) throws -> [String] {
    let patch = JSONDiff.patch(from: entry.prior, to: entry.next, options: emission.diffOptions)
    guard !patch.operations.isEmpty else { return [] }
    var json = entry.prior
    var typed = try decodeState(entry.prior, entry: entry, which: "prior")
    var lines: [String] = []
    for operation in patch.operations {
      let after: JSONValue
      do { after = try JSONPatch(operations: [operation]).apply(to: json) } catch {
        return wholeState(entry)
      }
      guard let afterTyped = try? JSONValueCoding.decode(R.State.self, from: after),
        let line = MutationText.statement(
          operation, before: (json, typed), after: (after, afterTyped), nils: nils)
      else { return wholeState(entry) }
      lines += line
      json = after
      typed = afterTyped
    }
    return lines
  }

  /// The fallback: the recorded next state, decoded.
  private func wholeState(_ entry: LogEntry) -> [String] {
    ["$0 = try decode(\(SwiftSource.rawJSONLiteral(entry.next)))"]
  }

  private func decodeAction(_ entry: LogEntry) throws -> R.Action {
    do { return try JSONValueCoding.decode(R.Action.self, from: entry.action) } catch {
      throw CommandError(
        code: ExitCode.incompatibleLog,
        message:
          "\(TerminalText.sanitize(emission.log.path)):\(entry.line): entry \(entry.seq)'s action does not decode as \(R.Action.self): \(TerminalText.sanitize(DecodingErrorText.describe(error)))"
      )
    }
  }

  private func decodeState(_ value: JSONValue, entry: LogEntry, which: String) throws -> R.State {
    do { return try JSONValueCoding.decode(R.State.self, from: value) } catch {
      throw CommandError(
        code: ExitCode.incompatibleLog,
        message:
          "\(TerminalText.sanitize(emission.log.path)):\(entry.line): entry \(entry.seq)'s \(which) state does not decode as \(R.State.self): \(TerminalText.sanitize(DecodingErrorText.describe(error)))"
      )
    }
  }

  /// The app's history cursor before entry `position`, rebased so the test store's
  /// initial state (entry `position`'s prior) is index 0.
  private func historyCursor(before position: Int) throws -> HistoryCursor {
    var app = HistoryCursor()
    if position > 1 {
      for earlier in 1..<position {
        let entry = try emission.log.entry(earlier)
        if let move = TimeTravelMove(action: entry.action) {
          _ = app.apply(move)
        } else if !entry.isSkipped {
          app.append()
        }
      }
    }
    return HistoryCursor(offset: app.current)
  }
}
