import Foundation
import TimeTravelJSON

/// The states of an action-only log, recomputed through a reducer when asked for and
/// kept as keyframes: the state after every K-th entry, so that memory stays at
/// n / K states and any state costs at most K − 1 reducer applications once the
/// keyframes before it exist (the first visit past the last keyframe replays up to it,
/// adding keyframes as it goes). The last state reached is kept with its typed run, so
/// reading entries in order costs one application each.
final class RecomputedStates: @unchecked Sendable {
  /// One entry as the recomputation needs it.
  struct Step {
    var action: JSONValue
    var skipped: Bool
    var seq: Int
    var line: Int
  }

  let recomputer: StateRecomputer
  /// K: a keyframe every `interval` states.
  let interval: Int
  let nils: NilEncoding
  let path: String
  /// Whether errors name the entry's line: not for a log imported from another format,
  /// whose lines the user never saw.
  let namesLines: Bool
  private let step: (Int) throws(LogError) -> Step
  private let lock = NSLock()
  /// `keyframes[j]` is state `j × interval` (state 0: the initial state).
  private var keyframes: [JSONValue]
  private var last: (index: Int, run: StateRecomputer.Run, state: JSONValue)?
  /// Reducer applications so far, for measurements.
  private(set) var applications = 0

  init(
    recomputer: StateRecomputer, initialState: JSONValue, interval: Int, nils: NilEncoding,
    path: String, namesLines: Bool, step: @escaping (Int) throws(LogError) -> Step
  ) {
    self.recomputer = recomputer
    self.interval = max(1, interval)
    self.nils = nils
    self.path = path
    self.namesLines = namesLines
    self.step = step
    self.keyframes = [initialState]
  }

  /// How many keyframes are held.
  var keyframeCount: Int { lock.withLock { keyframes.count } }

  /// State `index`: 0 is the initial state, k the state after the entry at position k.
  /// - Throws: ``LogError`` `.doesNotFitReducer` naming the entry whose action does not
  ///   decode, or whose state does not decode or encode; as `LogFile.entry(_:)` does
  ///   when a line cannot be read.
  /// - Complexity: At most `interval − 1` reducer applications when the keyframe at or
  ///   before `index` exists (or when `index` follows the last state reached); otherwise
  ///   those to the last keyframe first.
  func state(_ index: Int) throws(LogError) -> JSONValue {
    lock.lock()
    defer { lock.unlock() }
    if let last, last.index == index { return last.state }
    if index % interval == 0, index / interval < keyframes.count {
      return keyframes[index / interval]
    }
    let keyframe = min(index / interval, keyframes.count - 1)
    var at = keyframe * interval
    var run: StateRecomputer.Run
    if let last, last.index <= index, last.index >= at {
      (at, run) = (last.index, last.run)
    } else {
      run = try start(keyframes[keyframe], at: at)
    }
    while at < index {
      at += 1
      let entry = try step(at)
      if !entry.skipped {
        do { try run.apply(entry.action) } catch {
          throw failure(error, entry: entry)
        }
        applications += 1
      }
      if at % interval == 0, at / interval == keyframes.count {
        do { keyframes.append(try run.encode()) } catch { throw failure(error, entry: entry) }
      }
    }
    let state: JSONValue
    do { state = try run.encode() } catch {
      throw LogError(kind: .doesNotFitReducer, path: path, message: error.message)
    }
    last = (index, run, state)
    return state
  }

  private func start(_ state: JSONValue, at index: Int) throws(LogError) -> StateRecomputer.Run {
    do { return try recomputer.start(state, nils) } catch {
      let which = index == 0 ? "the initial state" : "the recomputed state \(index)"
      throw LogError(
        kind: .doesNotFitReducer, path: path,
        message: "replaying through reducer \(recomputer.name): \(which): \(error.message)")
    }
  }

  private func failure(_ error: StateRecomputer.RecomputeFailure, entry: Step) -> LogError {
    LogError(
      kind: .doesNotFitReducer, path: path, line: namesLines ? entry.line : nil,
      message: "replaying entry \(entry.seq) through reducer \(recomputer.name): \(error.message)")
  }
}
