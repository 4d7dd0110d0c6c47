import TimeTravelJSON

/// A reducer that takes and gives JSON: what an action-only log (<doc:LogFormat>) is
/// replayed through to recompute its states.
///
/// Made from an app's ``Reducer`` whose `State` is `Codable` and `Action` `Decodable`;
/// a run decodes one state, then applies actions to the typed state (decoding each
/// action), and encodes the state only when asked, so applying K actions costs K
/// action decodes and reduces plus one state decode and one encode. Effects are not
/// run, as in ``Replayer``.
public struct StateRecomputer: Sendable {
  /// A run of the reducer from one state, holding the typed state.
  final class Run {
    let apply: (JSONValue) throws(RecomputeFailure) -> Void
    let encode: () throws(RecomputeFailure) -> JSONValue
    init(
      apply: @escaping (JSONValue) throws(RecomputeFailure) -> Void,
      encode: @escaping () throws(RecomputeFailure) -> JSONValue
    ) {
      self.apply = apply
      self.encode = encode
    }
  }

  /// Why a recomputation failed: what did not decode or encode, and the decoder's words.
  struct RecomputeFailure: Error {
    var message: String
  }

  /// The name the reducer is registered under, for messages.
  public let name: String
  let start: @Sendable (JSONValue, NilEncoding) throws(RecomputeFailure) -> Run
  let initial: @Sendable (NilEncoding) -> JSONValue?

  /// Wraps `reducer`.
  ///
  /// - Parameters:
  ///   - name: What messages call it, e.g. the name `--reducer` takes.
  ///   - reducer: Made afresh for each run (an autoclosure, so reducers need not be
  ///     `Sendable`).
  ///   - initialState: The state a log without one starts from (an Elm history, say);
  ///     `nil` when the reducer has none to offer.
  public init<R: Reducer & SendableMetatype>(
    name: String, reducer: @autoclosure @escaping @Sendable () -> R,
    initialState: @autoclosure @escaping @Sendable () -> R.State? = nil
  ) where R.State: Codable, R.Action: Decodable {
    self.name = name
    self.start = { (json, nils) throws(RecomputeFailure) -> Run in
      var state: R.State
      do { state = try JSONValueCoding.decode(R.State.self, from: json) } catch {
        throw RecomputeFailure(
          message:
            "the state does not decode as \(R.State.self): \(DecodingErrorText.describe(error))")
      }
      let reducer = reducer()
      return Run(
        apply: { (action) throws(RecomputeFailure) in
          let typed: R.Action
          do { typed = try JSONValueCoding.decode(R.Action.self, from: action) } catch {
            throw RecomputeFailure(
              message:
                "its action \(JSONPrinter.compact.print(action)) does not decode as \(R.Action.self): \(DecodingErrorText.describe(error))"
            )
          }
          reducer.reduce(into: &state, action: typed)
        },
        encode: { () throws(RecomputeFailure) -> JSONValue in
          do { return try JSONValueCoding.encode(state, nils: nils) } catch {
            throw RecomputeFailure(message: "the recomputed state cannot be encoded: \(error)")
          }
        })
    }
    self.initial = { nils in
      initialState().flatMap { try? JSONValueCoding.encode($0, nils: nils) }
    }
  }
}
