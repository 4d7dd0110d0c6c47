/// An effect starting or ending, as a ``Store`` (or a ``ViewModelRecorder``'s task) tells
/// its ``Recorder`` through ``Recorder/recordEffect(_:)``.
///
/// A ``LogRecorder`` writes each as an effect record, a line that is neither an entry nor
/// a state (see <doc:LogFormat#Effect-records>):
/// `{"effect":"start","id":3,"name":"login","cause":7,"site":{…},"time":…}` and
/// `{"effect":"end","id":3,"outcome":"completed","time":…}`. Entry numbering, states and
/// every reading mode are unchanged by them.
public enum EffectEvent: Sendable {
  /// A reducer's effect started: ``Effect/run(name:_:fileID:line:function:)``,
  /// ``Effect/send(_:fileID:line:function:)`` or a view model's task.
  ///
  /// - Parameters:
  ///   - id: The run's number, from 1 in each store; actions it sends carry it as
  ///     ``ActionOrigin/id``.
  ///   - name: The effect's name, as its actions' ``ActionOrigin/effect``.
  ///   - cause: The `seq` of the entry whose reducer returned it.
  ///   - site: Where the reducer built it (`.run`, `.send`), when known.
  ///   - cancelID: The description of its cancellation id, when it has one.
  case started(id: Int, name: String, cause: Int, site: DispatchSite?, cancelID: String?)
  /// The run `id` ended.
  case ended(id: Int, outcome: EffectOutcome)
}

/// How an effect's run ended.
public enum EffectOutcome: Sendable, Equatable {
  /// Its body returned (for `Effect.send`, once its action was dispatched).
  case completed
  /// It was cancelled: by what, and (for ``EffectCancellation/id`` and
  /// ``EffectCancellation/inFlight``) the `seq` of the entry whose reducer cancelled it.
  case cancelled(EffectCancellation, cause: Int?)
  /// Its body threw `error` (anything but the `CancellationError` of its own
  /// cancellation), described with `String(describing:)`.
  case failed(String)
}

/// What cancelled an effect.
public enum EffectCancellation: String, Sendable, Equatable {
  /// ``Effect/cancel(id:)`` returned by a reducer.
  case id
  /// A new effect with the same id and `cancelInFlight: true` started
  /// (``Effect/cancellable(id:cancelInFlight:)``).
  case inFlight = "cancelInFlight"
  /// The store was released with the effect still running.
  case release
  /// A view model's task was cancelled with `Task.cancel()` (see ``ViewModelRecorder``).
  case task
}
