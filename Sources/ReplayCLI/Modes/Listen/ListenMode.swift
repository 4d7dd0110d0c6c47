import Foundation
import ReplayLive
import TerminalEditor
import TimeTravel
import TimeTravelJQ

/// `replay --listen [HOST:]PORT`: accepts apps that stream their log (a TimeTravel
/// `LogRecorder(streamingTo:)`, the Redux logger's `connect`), saves each session in
/// `--save DIR`, and shows every session live as `--follow` shows a log: a line per new
/// entry (`--find`, `--watch` and `--where` choose which), until Ctrl-C or `--until`,
/// then a summary per session. With `--step`, the stepper attaches to the first session
/// and moves the app with it (see ``ListenStep``).
struct ListenMode: StandaloneMode {
  static let declaration = ModeDeclaration(
    ListenMode.self,
    flag: Flag(
      names: ["--listen"],
      value: FlagValue(
        placeholder: "[HOST:]PORT", meaning: "an address to listen on, 127.0.0.1 by default",
        choices: [], form: .required,
        validate: { text, flag throws(UsageError) in _ = try ListenMode.address(text, flag) }),
      help:
        "Accept apps that stream their log over TCP (LogRecorder(streamingTo:), the Redux logger's connect), save each session, and show each new entry as it comes, as --follow shows a log: --find, --watch, --where and --until apply. HOST is 127.0.0.1 unless given; any other address needs --token. Several apps at once; an app that reconnects continues its session. Ctrl-C stops, with a summary per session. With --step, the stepper attaches to the first app that connects and moves it through time."
    ), opensLog: false,
    options: [
      OptionFlags.save, OptionFlags.token, OptionFlags.filter, OptionFlags.until,
      OptionFlags.format, OptionFlags.idKey, OptionFlags.color, OptionFlags.noColor,
      OptionFlags.full,
    ],
    modeFlags: [FindMode.flag, WatchMode.flag, StepMode.flag])

  /// Where to listen.
  var address: LiveAddress
  var options: Options
  /// `--find EXPR`, `--watch PATH` or `--step`, given with it.
  var find: String?
  var watch: String?
  var step: Bool

  init(_ arguments: ModeArguments) throws(UsageError) {
    address = try Self.address(arguments.values[0], "--listen")
    options = arguments.options
    find = arguments.values(of: FindMode.flag)?.first
    watch = arguments.values(of: WatchMode.flag)?.first
    step = arguments.values(of: StepMode.flag) != nil
  }

  static func == (lhs: ListenMode, rhs: ListenMode) -> Bool {
    lhs.address == rhs.address && lhs.options == rhs.options && lhs.find == rhs.find
      && lhs.watch == rhs.watch && lhs.step == rhs.step
  }

  /// `PORT` alone is on loopback; port 0 lets the system choose one.
  static func address(_ text: String, _ flag: String) throws(UsageError) -> LiveAddress {
    do {
      return try LiveAddress(parsing: text, defaultHost: "127.0.0.1", allowsAnyPort: true)
    } catch {
      throw UsageError(message: "\(flag): \(TerminalText.sanitize(error.description))")
    }
  }

  func run(io: any ReplayIO, reducers: ReducerRegistry) -> Int32 {
    let directory = URL(fileURLWithPath: options.save ?? "replay-sessions")
    let token = options.token ?? io.environment["REPLAY_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    let listener: LiveListener
    do {
      listener = try LiveListener(
        LiveConfiguration(address: address, token: token, directory: directory))
    } catch {
      io.errText("replay: \(error.description)\n")
      switch error {
      case .invalidAddress, .tokenRequired: return ExitCode.usage
      default: return ExitCode.unreadableLog
      }
    }
    defer { listener.stop() }
    do {
      let display = try ListenDisplay(
        listener: listener, options: options, io: io, reducers: reducers, directory: directory)
      if step { return try ListenStep(display: display).run() }
      return try display.run(report: report())
    } catch let error as CommandError {
      io.errText("replay: \(error.message)\n")
      return error.code
    } catch {
      io.errText("replay: \(error)\n")
      return ExitCode.unreadableLog
    }
  }

  /// How new entries are reported: as the summary, `--find` or `--watch` do with
  /// `--follow`.
  private func report() throws -> FollowMode.Report {
    if let find {
      return .find(
        try JQPredicate.compile(find, what: "--find expression", modules: options.modules))
    }
    if let watch {
      do {
        return .watch(try WatchPath.pointer(parsing: watch))
      } catch {
        throw CommandError(code: ExitCode.usage, message: "--watch: \(error.message)")
      }
    }
    return .summary
  }
}
