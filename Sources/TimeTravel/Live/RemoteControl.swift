/// Whether a listener attached to the app's live session (`replay --listen … --step`) may
/// move the app's store: ``Store/remoteControl``.
///
/// The default refuses: an app streams its log without letting anyone change its state.
/// An app opts in, typically in debug builds:
///
/// ```swift
/// import TimeTravel
///
/// @MainActor func enableRemoteTimeTravel<R: Reducer>(_ store: Store<R>) {
///   #if DEBUG
///     store.remoteControl = .allowed
///   #endif
/// }
/// ```
///
/// Commands refused are answered with the reason, which the stepper shows.
public enum RemoteControl: Sendable, Equatable {
  /// No command is applied (the default).
  case refused
  /// Time travel only: `goto`, `undo`, `redo` and `resume`; actions sent with
  /// `dispatch` are refused.
  case timeTravelOnly
  /// Every ``LiveCommand``, including `dispatch`.
  case allowed
}

/// The `origin` of an entry a remote command caused: `{"remote":{"command":"goto",
/// "id":7,"listener":"127.0.0.1:9000"}}`, the command, its id in the session, and the
/// listener the app streams to (see <doc:LogFormat>).
struct RemoteOrigin: RecordedOrigin {
  var command: String
  var id: Int
  var listener: String

  private struct Remote: Encodable {
    var command: String
    var id: Int
    var listener: String
  }

  private enum Keys: String, CodingKey { case remote }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(Remote(command: command, id: id, listener: listener), forKey: .remote)
  }
}

/// What an entry's `origin` member can hold: an effect's (``ActionOrigin``) or a remote
/// command's.
protocol RecordedOrigin: Encodable, Sendable {}

extension ActionOrigin: RecordedOrigin {}
