import Foundation
import TimeTravel

/// Runs a `--run` command on one state, as `git bisect run` runs a script
/// on one commit: the state's JSON goes to the command's stdin, and its exit
/// code is the verdict (0 good, 125 skip, 1–127 otherwise bad, 128 and above
/// abort).
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
  func verdict(state: JSONValue, name index: String) throws(Abort) -> Bisect.Verdict {
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
        message: "'\(command)' was killed by signal \(process.terminationStatus) on state \(index)")
    }
    switch process.terminationStatus {
    case 0: return .good
    case 125: return .skip
    case 1..<128: return .bad
    default:
      throw Abort(
        message:
          "'\(command)' exited with \(process.terminationStatus) on state \(index); 128 and above abort the bisection, as in git bisect run"
      )
    }
  }
}
