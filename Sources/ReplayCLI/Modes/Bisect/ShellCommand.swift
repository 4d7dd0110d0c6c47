import Foundation
import TerminalEditor
import TimeTravel

/// Runs a `--run` command on one state, as `git bisect run` runs a script
/// on one commit: the state's JSON goes to the command's stdin, and its exit
/// code is the verdict (0 good, 125 skip, 1–127 otherwise bad, 128 and above
/// abort). On the first state judged, 126 and 127 abort too: see ``verdict(state:index:first:)``.
struct ShellCommand {
  let command: String
  let io: any ReplayIO

  /// Thrown when the command exits with 128 or more, or cannot start.
  struct Abort: Error {
    var message: String
  }

  /// Runs the command with `state` on stdin and `REPLAY_STATE` (the state's name: `init`
  /// or the entry's seq) in its environment. Whatever it prints goes to our stderr, so
  /// stdout carries only replay's result.
  ///
  /// `first` marks the first state judged, which bisect needs good. There, 126
  /// and 127 abort: they are what the shell exits with when the command is not
  /// executable (or is a directory) and when it is not found, and `git bisect
  /// run` likewise rejects them from a good revision ("bogus exit code"), so that a
  /// command that cannot run is never taken for a verdict.
  func verdict(state: JSONValue, name: String, first: Bool) throws(Abort) -> Bisect.Verdict {
    let status = try run(state: state, name: name)
    if first, status == 126 || status == 127 {
      let meaning =
        status == 127 ? "is not found" : "is not executable or is a directory"
      throw Abort(
        message:
          "cannot judge states with '\(command)': it exited with \(status) on \(Self.stateText(name)), the first state judged: the code a shell gives when the command \(meaning). A command that cannot run gives no verdict (git bisect run also stops on 126 or 127 from a good revision); a check that means bad should exit with 1 to 124"
      )
    }
    switch status {
    case 0: return .good
    case 125: return .skip
    default: return .bad
    }
  }

  /// Runs the command on `state` and returns its exit code, 0 to 127.
  /// - Throws: ``Abort`` when it cannot start, is killed by a signal, or exits with
  ///   128 or more.
  private func run(state: JSONValue, name index: String) throws(Abort) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    var environment = ProcessInfo.processInfo.environment
    environment["REPLAY_STATE"] = index
    process.environment = environment
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    // A command that exits without reading its stdin must not kill us.
    signal(SIGPIPE, SIG_IGN)
    do {
      try process.run()
    } catch {
      throw Abort(message: "cannot run '\(command)': \(error.localizedDescription)")
    }
    let bytes = Data((JSONPrinter.compact.print(state) + "\n").utf8)
    let writer = input.fileHandleForWriting
    // Write on another thread while this one drains the output, so a
    // command that prints a lot before reading cannot deadlock us.
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      try? writer.write(contentsOf: bytes)
      try? writer.close()
      done.signal()
    }
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    done.wait()
    if !printed.isEmpty {
      io.err(TerminalText.sanitizeKeepingLines(String(decoding: printed, as: UTF8.self)))
    }
    if process.terminationReason == .uncaughtSignal {
      throw Abort(
        message:
          "'\(command)' was killed by signal \(process.terminationStatus) on \(Self.stateText(index))"
      )
    }
    switch process.terminationStatus {
    case 0..<128: return process.terminationStatus
    default:
      throw Abort(
        message:
          "'\(command)' exited with \(process.terminationStatus) on \(Self.stateText(index)); 128 and above abort the bisection, as in git bisect run"
      )
    }
  }

  /// "state 5", or "the initial state (init)", for messages.
  private static func stateText(_ name: String) -> String {
    name == StateName.initialWord ? "the initial state (init)" : "state \(name)"
  }
}
