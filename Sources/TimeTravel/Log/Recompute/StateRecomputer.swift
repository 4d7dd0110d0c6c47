import TimeTravelJSON

/// A reducer that takes and gives JSON: what an action-only log (<doc:LogFormat>) is
/// replayed through to recompute its states, and what an edited history
/// (``WhatIf``, ``HistoryMinimizer``, ``RaceExplorer``) is replayed through.
///
/// Made from an app's ``Reducer`` whose `State` is `Codable` and `Action` `Decodable`;
/// a run decodes one state, then applies actions to the typed state (decoding each
/// action), and encodes the state only when asked, so applying K actions costs K
/// action decodes and reduces plus one state decode and one encode. Effects are not
/// run, as in ``Replayer``.
public struct StateRecomputer: Sendable {
  /// A run of the reducer from one state, holding the typed state.
  class Run {
    /// Decodes `action` and applies it to the state.
    func apply(_ action: JSONValue) throws(RecomputeFailure) { fatalError("abstract") }
    /// Applies an action decoded before by ``StateRecomputer/prepare``.
    func apply(prepared action: PreparedAction) { fatalError("abstract") }
    /// The state as JSON, encoded as the recorder encodes.
    func encode() throws(RecomputeFailure) -> JSONValue { fatalError("abstract") }
    /// A new run from a copy of this run's state: a snapshot that later applications to
    /// either run leave alone.
    func fork() -> Run { fatalError("abstract") }
  }

  /// The run of reducer `R`.
  final class TypedRun<R: Reducer>: Run where R.State: Codable, R.Action: Decodable {
    let reducer: R
    var state: R.State
    let nils: NilEncoding

    init(reducer: R, state: R.State, nils: NilEncoding) {
      self.reducer = reducer
      self.state = state
      self.nils = nils
    }

    override func apply(_ action: JSONValue) throws(RecomputeFailure) {
      reducer.reduce(into: &state, action: try StateRecomputer.decodeAction(R.self, action))
    }

    override func apply(prepared action: PreparedAction) {
      // Prepared by the recomputer that made this run, so the cast cannot fail.
      reducer.reduce(into: &state, action: action.value as! R.Action)
    }

    override func encode() throws(RecomputeFailure) -> JSONValue {
      do { return try JSONValueCoding.encode(state, nils: nils) } catch {
        throw RecomputeFailure(message: "the recomputed state cannot be encoded: \(error)")
      }
    }

    override func fork() -> Run { TypedRun(reducer: reducer, state: state, nils: nils) }
  }

  /// An action decoded once as the reducer's `Action`, to be applied many times (a
  /// minimisation replays the same actions in many subsets).
  struct PreparedAction {
    let value: Any
  }

  /// Why a recomputation failed: what did not decode or encode, and the decoder's words.
  struct RecomputeFailure: Error {
    var message: String
    /// Where in the decoded value the decoder stopped (RFC 6901), when it says.
    var pointer: String?
  }

  /// The name the reducer is registered under, for messages.
  public let name: String
  /// The redaction the app records with: edited histories' states are redacted the
  /// same way before they are compared with the log's, or shown.
  public let redaction: LogRedaction
  let start: @Sendable (JSONValue, NilEncoding) throws(RecomputeFailure) -> Run
  let initial: @Sendable (NilEncoding) -> JSONValue?
  let prepare: @Sendable (JSONValue) throws(RecomputeFailure) -> PreparedAction

  /// Wraps `reducer`.
  ///
  /// - Parameters:
  ///   - name: What messages call it, e.g. the name `--reducer` takes.
  ///   - reducer: Made afresh for each run (an autoclosure, so reducers need not be
  ///     `Sendable`).
  ///   - initialState: The state a log without one starts from (an Elm history, say);
  ///     `nil` when the reducer has none to offer.
  ///   - redaction: The ``LogRedaction`` the app records with, if any; states of an
  ///     edited history are compared with the log's after it.
  public init<R: Reducer & SendableMetatype>(
    name: String, reducer: @autoclosure @escaping @Sendable () -> R,
    initialState: @autoclosure @escaping @Sendable () -> R.State? = nil,
    redaction: LogRedaction = .none
  ) where R.State: Codable, R.Action: Decodable {
    self.name = name
    self.redaction = redaction
    self.start = { (json, nils) throws(RecomputeFailure) -> Run in
      let state: R.State
      do { state = try JSONValueCoding.decode(R.State.self, from: json) } catch {
        throw RecomputeFailure(
          message:
            "the state does not decode as \(R.State.self): \(DecodingErrorText.describe(error))",
          pointer: DecodingErrorText.pointer(error))
      }
      return TypedRun(reducer: reducer(), state: state, nils: nils)
    }
    self.initial = { nils in
      initialState().flatMap { try? JSONValueCoding.encode($0, nils: nils) }
    }
    self.prepare = { (action) throws(RecomputeFailure) -> PreparedAction in
      PreparedAction(value: try Self.decodeAction(R.self, action))
    }
  }

  static func decodeAction<R: Reducer>(_: R.Type, _ action: JSONValue) throws(RecomputeFailure)
    -> R.Action where R.Action: Decodable
  {
    do { return try JSONValueCoding.decode(R.Action.self, from: action) } catch {
      throw RecomputeFailure(
        message:
          "its action \(JSONPrinter.compact.print(action)) does not decode as \(R.Action.self): \(DecodingErrorText.describe(error))",
        pointer: DecodingErrorText.pointer(error))
    }
  }
}
