/// What a task a view model started through ``ViewModelRecorder/task(name:_:fileID:line:function:)`` records
/// its changes with.
@MainActor
public struct ViewModelTask<State: Encodable & Sendable, Action: Encodable & Sendable> {
  let recorder: ViewModelRecorder<State, Action>
  /// The intent that started the task, and the `seq` of its entry: each entry the task
  /// records carries it as `origin`.
  public let origin: ActionOrigin

  /// Applies a change the task makes to the view model, recorded as its own entry.
  ///
  /// - Parameters:
  ///   - action: What happened, recorded as the entry's action (`.userLoaded(user)`).
  ///   - body: The state changes, run synchronously on the main actor.
  ///   - fileID: The caller's `#fileID`, recorded as the entry's site; leave the defaults.
  ///   - line: The caller's `#line`.
  ///   - function: The caller's `#function`.
  public func change(
    _ action: Action, _ body: () -> Void, fileID: StaticString = #fileID, line: UInt = #line,
    function: StaticString = #function
  ) {
    let prior = recorder.snapshot?()
    body()
    recorder.record(
      .action(action), prior: prior, origin: origin,
      site: DispatchSite(fileID: fileID, line: line, function: function))
  }
}

/// An entry's action: the view model's own, or how a task ended.
enum ViewModelEntryAction<Action: Encodable & Sendable>: Encodable, Sendable {
  /// An intent or a task's change.
  case action(Action)
  /// `{"@@cancelled":{"task":NAME}}`.
  case cancelled(String)
  /// `{"@@failed":{"task":NAME,"error":TEXT}}`.
  case failed(String, String)

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .action(let action):
      try action.encode(to: encoder)
    case .cancelled(let task):
      var container = encoder.container(keyedBy: Key.self)
      var body = container.nestedContainer(
        keyedBy: Key.self, forKey: Key(stringValue: "@@cancelled"))
      try body.encode(task, forKey: Key(stringValue: "task"))
    case .failed(let task, let error):
      var container = encoder.container(keyedBy: Key.self)
      var body = container.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "@@failed"))
      try body.encode(error, forKey: Key(stringValue: "error"))
      try body.encode(task, forKey: Key(stringValue: "task"))
    }
  }
}
