/// Records a `@MainActor` view model (MVVM) in the ordinary log format, without a
/// reducer: each intent is an entry, and so is each later change a task it started
/// makes, and each such task's cancellation.
///
/// The view model owns one, gives it a snapshot of its state as a `Codable` value, and
/// wraps its intents:
///
/// ```swift
/// @MainActor
/// final class ProfileViewModel {
///   private(set) var user: User?
///   private(set) var isLoading = false
///   let recording: ViewModelRecorder<ProfileState, ProfileAction>
///   private var tasks: [Task<Void, Never>] = []
///   private let database: DatabaseManager
///
///   init(database: DatabaseManager, recorder: (any Recorder)?) {
///     self.database = database
///     recording = ViewModelRecorder(recorder: recorder)
///     recording.snapshot = { [unowned self] in ProfileState(user: user, isLoading: isLoading) }
///   }
///
///   func fetchUser(id: Int) {
///     recording.intent(.fetchUser(id: id)) {
///       isLoading = true
///       tasks.append(
///         recording.task { [database] task in
///           let user = try await database.fetchUser(id: id)
///           task.change(.userLoaded(user)) {
///             self.user = user
///             self.isLoading = false
///           }
///         })
///     }
///   }
///
///   func cancelTasks() {
///     recording.intent(.cancelTasks) {
///       tasks.forEach { $0.cancel() }
///       tasks = []
///       isLoading = false
///     }
///   }
/// }
/// ```
///
/// - An intent's entry has the intent as its action and the snapshots before and after
///   its body as prior and next. Its body runs synchronously, as a view model's intent
///   methods do.
/// - A task started inside an intent's body (``task(name:_:fileID:line:function:)``) records each change it
///   makes later (``ViewModelTask/change(_:_:fileID:line:function:)``) as an entry whose `origin` names the
///   intent and its `seq` (`{"effect":"fetchUser","cause":1}`), as actions an effect sent
///   are recorded by a ``Store``.
/// - A task that ends cancelled (it threw `CancellationError`, or `Task.isCancelled`
///   holds when it ends) is recorded as `{"@@cancelled":{"task":"fetchUser"}}`, one
///   that throws anything else as `{"@@failed":{"task":"fetchUser","error":"…"}}`, both
///   with the same `origin` and the state as it is then: the log says "fetchUser
///   started, the view closed, the task was cancelled" instead of leaving a silent gap.
///
/// - Every entry records its site (``DispatchSite``): where the intent method called
///   ``intent(_:_:fileID:line:function:)``, or where the task called
///   ``ViewModelTask/change(_:_:fileID:line:function:)``. Each task is an effect run of
///   its own: its start (after the intent's entry, with the site of its
///   ``task(name:_:fileID:line:function:)`` call) and its end are effect records (see
///   ``EffectEvent``), and its entries' `origin` carries the run's id.
///
/// Entries are numbered from 1, as a fresh ``LogRecorder`` numbers them. State changed
/// outside an intent or a change is not an entry of its own: it shows in the next
/// entry's `next` (the recorder writes each `prior` as the previous `next`).
///
/// With no recorder (`nil`) the view model runs the same code and records nothing.
@MainActor
public final class ViewModelRecorder<State: Encodable & Sendable, Action: Encodable & Sendable> {
  private let recorder: (any Recorder)?
  /// The view model's current state; set once the view model is initialized.
  public var snapshot: (@MainActor () -> State)?
  /// The first error the recorder threw; recording stops there, as a ``Store``'s does.
  public private(set) var recordingError: (any Error)?
  /// The `seq` of the last entry recorded, 0 before the first.
  public private(set) var lastSeq = 0
  /// The intent whose body is running: its name and the `seq` its entry will have.
  private var runningIntent: ActionOrigin?
  /// Tasks started and not yet ended, so a test can wait for them.
  private var running: [Int: Task<Void, Never>] = [:]
  private var nextTaskID = 0
  /// Starts of tasks begun inside the running intent's body, recorded after its entry.
  private var startsAfterIntent: [EffectEvent] = []

  /// Creates a recorder for a view model.
  ///
  /// - Parameter recorder: Where entries go (a ``LogRecorder``, usually); `nil` records
  ///   nothing.
  public init(recorder: (any Recorder)?) {
    self.recorder = recorder
  }

  /// Runs the intent `action`'s body and records it as one entry.
  ///
  /// - Parameters:
  ///   - action: The intent, recorded as the entry's action.
  ///   - body: The intent's synchronous work: state changes, and tasks started with
  ///     ``task(name:_:fileID:line:function:)``.
  ///   - fileID: The caller's `#fileID`, recorded as the entry's site; leave the defaults.
  ///   - line: The caller's `#line`.
  ///   - function: The caller's `#function`.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws; the entry is recorded all the same, with the state
  ///   as `body` left it.
  @discardableResult
  public func intent<T>(
    _ action: Action, _ body: () throws -> T, fileID: StaticString = #fileID,
    line: UInt = #line, function: StaticString = #function
  ) rethrows -> T {
    let prior = snapshot?()
    let outer = runningIntent
    let outerStarts = startsAfterIntent
    runningIntent = ActionOrigin(effect: Self.name(of: action), cause: lastSeq + 1)
    startsAfterIntent = []
    defer {
      runningIntent = outer
      let site = DispatchSite(fileID: fileID, line: line, function: function)
      record(.action(action), prior: prior, origin: nil, site: site)
      let starts = startsAfterIntent
      startsAfterIntent = outerStarts
      for start in starts { recordEffect(start) }
    }
    return try body()
  }

  /// Starts a main-actor task on behalf of the intent whose body is running, and records
  /// what it changes, and how it ends when it ends cancelled or failed.
  ///
  /// - Parameters:
  ///   - name: The `effect` its entries' `origin` names; the intent's name (its action's
  ///     name, as `replay` shows it: `fetchUser`) by default.
  ///   - operation: The task's work. It records its changes with the
  ///     ``ViewModelTask`` it is given.
  ///   - fileID: The caller's `#fileID`, recorded as the task's site in its start
  ///     record; leave the defaults.
  ///   - line: The caller's `#line`.
  ///   - function: The caller's `#function`.
  /// - Returns: The task, for the view model to keep and cancel.
  ///
  /// Called outside an intent's body, its entries name the last entry as their cause.
  @discardableResult
  public func task(
    name: String? = nil,
    _ operation: @escaping @MainActor (ViewModelTask<State, Action>) async throws -> Void,
    fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
  ) -> Task<Void, Never> {
    nextTaskID += 1
    let id = nextTaskID
    let intent = runningIntent ?? ActionOrigin(effect: "task", cause: lastSeq)
    let origin = ActionOrigin(effect: name ?? intent.effect, cause: intent.cause, id: id)
    let context = ViewModelTask(recorder: self, origin: origin)
    let start = EffectEvent.started(
      id: id, name: origin.effect, cause: origin.cause,
      site: DispatchSite(fileID: fileID, line: line, function: function), cancelID: nil)
    if runningIntent == nil { recordEffect(start) } else { startsAfterIntent.append(start) }
    let task = Task { @MainActor in
      defer { self.running[id] = nil }
      let outcome: EffectOutcome
      do {
        try await operation(context)
        outcome = Task.isCancelled ? .cancelled(.task, cause: nil) : .completed
      } catch is CancellationError {
        outcome = .cancelled(.task, cause: nil)
      } catch {
        outcome =
          Task.isCancelled ? .cancelled(.task, cause: nil) : .failed(String(describing: error))
      }
      switch outcome {
      case .completed: break
      case .cancelled: self.record(.cancelled(origin.effect), origin: origin)
      case .failed(let error): self.record(.failed(origin.effect, error), origin: origin)
      }
      self.recordEffect(.ended(id: id, outcome: outcome))
    }
    running[id] = task
    return task
  }

  /// Waits until every task started so far, and those they start, has ended and
  /// recorded how it ended: for tests and for closing the log at the end of a session.
  public func waitForTasks() async {
    while let (id, task) = running.first {
      await task.value
      running[id] = nil
    }
  }

  /// Records an entry from the snapshot before it to the snapshot now.
  func record(
    _ action: ViewModelEntryAction<Action>, prior: State? = nil, origin: ActionOrigin?,
    site: DispatchSite? = nil
  ) {
    guard let recorder, recordingError == nil, let snapshot else { return }
    let next = snapshot()
    do {
      try recorder.record(
        action: .action(action), prior: prior ?? next, next: next, origin: origin, site: site)
      lastSeq += 1
    } catch {
      recordingError = error
    }
  }

  /// Records a task's start or end, unless recording stopped.
  private func recordEffect(_ event: EffectEvent) {
    guard let recorder, recordingError == nil else { return }
    do {
      try recorder.recordEffect(event)
    } catch {
      recordingError = error
    }
  }

  /// An action's name as `replay` shows it (`fetchUser` for `.fetchUser(id: 1)`).
  private static func name(of action: Action) -> String {
    guard let value = try? JSONValueCoding.encode(action) else { return "\(action)" }
    return ActionName.of(value)
  }
}
