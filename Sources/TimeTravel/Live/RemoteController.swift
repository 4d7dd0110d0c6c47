import Dispatch
import Foundation
import Synchronization

/// Applies a live session's commands to the store that records through the stream: the
/// store's side of remote time travel.
///
/// It follows every transition the recorder gets (``record(_:)``, in order, on the
/// store's thread) to know which history index shows the state after each `seq`, and
/// whether that state is still in the history (an action after going back discards the
/// states ahead of it). A command is applied on the main actor, as the app's own time
/// travel is, while the entry it causes is marked to carry the remote origin.
final class RemoteController: Sendable {
  /// The store, reached through closures made where its types are known.
  struct Target: Sendable {
    var permission: @MainActor @Sendable () -> RemoteControl?
    var historyCount: @MainActor @Sendable () -> Int
    var currentIndex: @MainActor @Sendable () -> Int
    var jump: @MainActor @Sendable (Int) -> Bool
    var undo: @MainActor @Sendable () -> Bool
    var redo: @MainActor @Sendable () -> Bool
    /// `nil` when the store's `Action` is not `Decodable`.
    var dispatch: (@MainActor @Sendable (JSONValue) throws -> Void)?
    var actionType: String
  }

  private struct Trail {
    /// Transitions recorded so far: the last `seq`.
    var seq = 0
    /// The current history index.
    var current = 0
    /// For each history index, the `seq` of the transition that appended its state (0
    /// for the initial state, -1 for states the store had before the recorder).
    var appendedBy: [Int] = [0]
    /// For each `seq` (from 1), the index it left the history at and the `seq` that had
    /// appended the state there.
    var positions: [(index: Int, appendedBy: Int)] = []
    /// The origin for the next entry, while a command is applied.
    var remote: RemoteOrigin?
    /// The `seq` that took it.
    var remoteSeq: Int?
  }

  private let trail = Mutex(Trail())
  private let target = Mutex<Target?>(nil)
  /// The listener's address, for the origin.
  let listener: String
  private let replies: @Sendable (Int?, LiveReply, Int?) -> Void

  init(listener: String, replies: @escaping @Sendable (Int?, LiveReply, Int?) -> Void) {
    self.listener = listener
    self.replies = replies
  }

  /// Connects the store; its history has `count` states and shows `current`.
  func attach(_ target: Target, historyCount count: Int, current: Int) {
    trail.withLock { trail in
      trail.appendedBy = [0] + Array(repeating: -1, count: max(0, count - 1))
      trail.current = current
    }
    self.target.withLock { $0 = target }
  }

  /// Follows one recorded transition; returns the remote origin its entry carries, if a
  /// command caused it. Called by the recorder for every transition, in order.
  func record<Action>(_ action: RecordedAction<Action>) -> RemoteOrigin? {
    trail.withLock { trail in
      trail.seq += 1
      switch action {
      case .action:
        let index = min(trail.current + 1, trail.appendedBy.count)
        trail.appendedBy.removeSubrange(index...)
        trail.appendedBy.append(trail.seq)
        trail.current = index
      case .undo(_, let to), .redo(_, let to), .jump(_, let to):
        if trail.appendedBy.indices.contains(to) { trail.current = to }
      }
      trail.positions.append((trail.current, trail.appendedBy[trail.current]))
      guard let remote = trail.remote else { return nil }
      trail.remote = nil
      trail.remoteSeq = trail.seq
      return remote
    }
  }

  /// Applies `command` on the main actor, then replies (at once, on the calling thread,
  /// when no store is attached: there is nothing to move).
  func receive(id: Int, _ command: LiveCommand) {
    guard target.withLock({ $0 }) != nil else {
      replies(id, .refused(Self.noStore), nil)
      return
    }
    DispatchQueue.main.async {
      MainActor.assumeIsolated {
        let (reply, afterSeq) = self.apply(id: id, command)
        self.replies(id, reply, afterSeq)
      }
    }
  }

  @MainActor private func apply(id: Int, _ command: LiveCommand) -> (LiveReply, Int?) {
    guard let target = target.withLock({ $0 }) else { return (.refused(Self.noStore), nil) }
    guard let permission = target.permission() else {
      return (.refused("the app's store is gone (it was released)"), nil)
    }
    switch (permission, command) {
    case (.refused, _):
      return (
        .refused(
          "the app does not allow remote control (it has not set store.remoteControl = .allowed)"),
        nil
      )
    case (.timeTravelOnly, .dispatch):
      return (
        .refused(
          "the app allows time travel only (store.remoteControl = .timeTravelOnly), not actions"),
        nil
      )
    default: break
    }
    let perform: @MainActor () throws -> Bool
    switch command {
    case .goto(let seq):
      switch resolve(seq, historyCount: target.historyCount()) {
      case .failure(let error): return (.refused(error.reason), nil)
      case .success(let index):
        if index == target.currentIndex() { return (.done(seq: nil), nil) }
        perform = { target.jump(index) }
      }
    case .resume:
      let last = target.historyCount() - 1
      if last == target.currentIndex() { return (.done(seq: nil), nil) }
      perform = { target.jump(last) }
    case .undo:
      perform = { target.undo() }
    case .redo:
      perform = { target.redo() }
    case .dispatch(let action):
      guard let dispatch = target.dispatch else {
        return (
          .refused(
            "the app's actions (\(target.actionType)) are not Decodable, so none can be sent to it"),
          nil
        )
      }
      perform = {
        try dispatch(action)
        return true
      }
    }
    return run(command, id: id, perform)
  }

  /// Runs a move with the remote origin armed, and says which entry took it.
  @MainActor private func run(
    _ command: LiveCommand, id: Int, _ perform: @MainActor () throws -> Bool
  ) -> (LiveReply, Int?) {
    trail.withLock {
      $0.remote = RemoteOrigin(command: command.name, id: id, listener: listener)
      $0.remoteSeq = nil
    }
    let outcome: Result<Bool, any Error> = Result { try perform() }
    let seq = trail.withLock { trail -> Int? in
      trail.remote = nil
      return trail.remoteSeq
    }
    switch outcome {
    case .failure(let error):
      return (.refused(RemoteController.describe(error)), nil)
    case .success(false):
      switch command {
      case .undo:
        return (.refused("nothing to undo: the app shows the first state of its history"), nil)
      case .redo:
        return (.refused("nothing to redo: the app shows the last state of its history"), nil)
      default: return (.done(seq: nil), nil)
      }
    case .success(true):
      return (.done(seq: seq), seq)
    }
  }

  /// The history index that shows state `seq`, or why there is none.
  private func resolve(_ seq: Int, historyCount: Int) -> Result<Int, ReasonError> {
    trail.withLock { trail in
      guard trail.appendedBy.count == historyCount else {
        return .failure(
          ReasonError(
            "the app's history no longer matches its log (the store's history changed without recording)"
          ))
      }
      if seq == 0 { return .success(0) }
      guard seq <= trail.seq else {
        return .failure(
          ReasonError(
            trail.seq == 0
              ? "the app has no entry \(seq): it has recorded none yet"
              : "the app has no entry \(seq): its last is \(trail.seq)"))
      }
      let position = trail.positions[seq - 1]
      guard trail.appendedBy.indices.contains(position.index),
        trail.appendedBy[position.index] == position.appendedBy
      else {
        return .failure(
          ReasonError(
            "state \(seq) is no longer in the app's history: an action dispatched after going back discarded it"
          ))
      }
      return .success(position.index)
    }
  }

  static let noStore =
    "no store records through this recorder: remote control needs the Store created with it (Store(initialState:reducer:recorder:))"

  struct ReasonError: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// A decoding error as one line: where in the action, and what.
  static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    let context: DecodingError.Context
    switch error {
    case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c),
      .dataCorrupted(let c):
      context = c
    @unknown default: return "\(error)"
    }
    let path = context.codingPath.map { "/" + ($0.intValue.map(String.init) ?? $0.stringValue) }
      .joined()
    return "the action does not decode"
      + (path.isEmpty ? "" : " at \(path)") + ": \(context.debugDescription)"
  }
}
