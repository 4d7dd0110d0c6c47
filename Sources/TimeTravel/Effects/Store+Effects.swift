extension Store {
  /// Starts the effect a reducer returned for entry `cause`, telling the recorder of each
  /// run's start and end (see ``EffectEvent``).
  func start(_ effect: Effect<Action>, cause: Int, cancellation: Effect<Action>.Cancellation?) {
    let cancellation = effect.cancellation ?? cancellation
    switch effect.operation {
    case .none:
      return
    case .send(let action, let site):
      let id = effects.reserve()
      report(.started(id: id, name: "send", cause: cause, site: site, cancelID: nil))
      dispatch(action, origin: ActionOrigin(effect: "send", cause: cause, id: id), site: site)
      report(.ended(id: id, outcome: .completed))
    case .cancel(let id):
      cancel(id, by: .id, cause: cause)
    case .merge(let children):
      if let cancellation, cancellation.cancelInFlight {
        cancel(cancellation.id, by: .inFlight, cause: cause)
      }
      for child in children {
        var child = child
        if child.cancellation == nil, let cancellation {
          child.cancellation = .init(id: cancellation.id, cancelInFlight: false)
        }
        start(child, cause: cause, cancellation: nil)
      }
    case .run(let name, let site, let body, let handler):
      if let cancellation, cancellation.cancelInFlight {
        cancel(cancellation.id, by: .inFlight, cause: cause)
      }
      let name = name ?? cancellation.map { "\($0.id.base)" } ?? "run"
      run(
        name: name, site: site, cause: cause, cancelID: cancellation.map { "\($0.id.base)" },
        id: cancellation?.id, body: body, handler: handler)
    }
  }

  private func run(
    name: String, site: DispatchSite?, cause: Int, cancelID: String?, id: EffectID?,
    body: @escaping Effect<Action>.Body, handler: Effect<Action>.Handler?
  ) {
    let token = effects.reserve()
    report(.started(id: token, name: name, cause: cause, site: site, cancelID: cancelID))
    let origin = ActionOrigin(effect: name, cause: cause, id: token)
    let send = Send<Action>(sited: { [weak self] action, site in
      self?.dispatch(action, origin: origin, site: site)
    })
    let task = Task { @MainActor [weak self] in
      var failure: (any Error)?
      do {
        try await body(send)
      } catch is CancellationError where Task.isCancelled {
        // Its cancellation, recorded when it was cancelled.
      } catch {
        failure = error
        await handler?(error, send)
      }
      self?.finishRun(token, failure: failure)
    }
    effects.insert(task, token: token, id: id)
  }

  /// Records how run `token` ended, unless it was cancelled (recorded then).
  private func finishRun(_ token: Int, failure: (any Error)?) {
    guard effects.finish(token) else { return }
    let outcome: EffectOutcome = failure.map { .failed(String(describing: $0)) } ?? .completed
    report(.ended(id: token, outcome: outcome))
  }

  /// Cancels the runs registered under `id`, recording each one's end.
  private func cancel(_ id: EffectID, by reason: EffectCancellation, cause: Int) {
    for token in effects.cancel(id: id) {
      report(.ended(id: token, outcome: .cancelled(reason, cause: cause)))
    }
  }

  private func report(_ event: EffectEvent) {
    guard let recordEffect else { return }
    do {
      try recordEffect(event)
    } catch {
      stopRecording(error)
    }
  }
}
