import Foundation
import ReplayLive
import TerminalEditor
import TimeTravel

/// `replay --listen PORT --step`: waits for an app to connect, then steps through its
/// session as `--step --follow` steps through a growing log, each move shown in the app
/// too (when it allows remote control), with the app's own `undo`, `redo`, `dispatch`
/// and `resume`. `quit` detaches; the app keeps running, where it is.
struct ListenStep {
  let display: ListenDisplay

  private var listener: LiveListener { display.listener }
  private var io: any ReplayIO { display.context.io }

  /// - Returns: 0.
  /// - Throws: `LogError` when the session's file cannot be read.
  func run() throws -> Int32 {
    let listener = self.listener
    _ = try display.context.emit(
      ListenEvent.listening(
        address: listener.address, directory: display.directory.relativePath))
    io.out("waiting for an app to connect (Ctrl-C stops)\n")
    let interrupt = Interrupt { listener.stop() }
    var attached: LiveSession?
    while attached == nil, let event = listener.next() {
      if case .connected(let session, _, _) = event { attached = session }
      _ = try display.handle(event)
    }
    interrupt.restore()
    guard let session = attached else { return ExitCode.success }
    var context = display.context
    context.log = try LogFile(path: ListenEvent.shown(session.file))
    let follower = try StepFollower(following: context.log, io: io)
    var stepper = Stepper(context: context)
    stepper.remote = StepRemote(listener: listener, session: session) { log in
      try follower.catchUp(log, announcing: false)?.log
    }
    io.out(
      "stepping through \(ListenEvent.label(session))'s session; each move shows in the app when it allows remote control ('help' lists the commands)\n"
    )
    if let update = try follower.catchUp(stepper.context.log, announcing: false) {
      stepper.adopt(update.log, newSession: false)
    }
    stepper.current = stepper.count
    stepper.show()
    try StepMode.interact(&stepper) { stepper in
      try notices(for: session)
      if let update = try follower.catchUp(stepper.context.log) {
        stepper.adopt(update.log, newSession: update.newSession)
      }
    }
    io.out("detached from \(ListenEvent.label(session)); the app keeps running\n")
    return ExitCode.success
  }

  /// Says what happened to the connections since the last command: the attached app
  /// left or came back, another one came, one was refused.
  private func notices(for attached: LiveSession) throws {
    while let event = listener.next(timeout: 0) {
      switch event {
      case .connected(let session, let peer, let resumed) where session.id == attached.id:
        _ = try display.context.emit(
          ListenEvent.connected(session, peer: peer, resumed: resumed))
      case .connected(let session, _, _):
        io.out(
          "\(ListenEvent.label(session)) connected too; its session is saved in \(TerminalText.sanitize(ListenEvent.shown(session.file))), this stepper stays with \(ListenEvent.label(attached))\n"
        )
      case .disconnected(let session, let reason) where session.id == attached.id:
        _ = try display.context.emit(
          ListenEvent.disconnected(session, reason: reason, closed: false))
      case .refused(let peer, let reason):
        io.errText("replay: refused a connection from \(peer): \(reason)\n")
      case .stopped(let session, let reason):
        io.errText("replay: \(session.label): \(reason)\n")
      case .warning(let session, let message):
        io.errText("replay: warning: \(session.map { "\($0.label): " } ?? "")\(message)\n")
      default:
        break
      }
    }
  }
}
