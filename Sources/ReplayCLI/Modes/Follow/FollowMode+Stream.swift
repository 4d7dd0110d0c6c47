import Foundation
import TerminalEditor
import TimeTravel

extension FollowMode {
  /// A stream `--follow` reads to its end: standard input or a FIFO.
  struct Stream {
    /// What messages call it: `stdin`, or the FIFO's path.
    var name: String
    var descriptor: Int32
    /// Whether this opened the descriptor (a FIFO), so closes it.
    var owned: Bool

    func close() {
      if owned { _ = Foundation.close(descriptor) }
    }
  }

  enum StreamKind { case standardInput, fifo }

  /// Whether `path` names a stream: `-` (standard input), a FIFO or a socket.
  static func streamKind(_ path: String) -> StreamKind? {
    if path == "-" { return .standardInput }
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    let kind = info.st_mode & S_IFMT
    return kind == S_IFIFO || kind == S_IFSOCK ? .fifo : nil
  }

  /// Opens the stream for `--follow`, without waiting for a FIFO's writer.
  /// - Returns: The stream; or the exit code after saying why it cannot be followed:
  ///   ``ExitCode/usage`` for `--step --follow` (the stepper reads its log again, which a
  ///   stream cannot be) and for standard input that is no stream here,
  ///   ``ExitCode/unreadableLog`` when the FIFO cannot be opened.
  static func openStream(_ path: String, kind: StreamKind, mode: any LogMode, io: some ReplayIO)
    -> Result<Stream, ExitFailure>
  {
    let name = kind == .standardInput ? "stdin" : path
    let shown = TerminalText.sanitize(name)
    guard mode is any FollowableMode else {
      io.errText(
        "replay: \(type(of: mode).declaration.name) --follow reads the log again as it grows, so it needs a regular file; \(shown) is a stream (--follow without it reads a stream to its end)\n"
      )
      return .failure(ExitFailure(code: ExitCode.usage))
    }
    switch kind {
    case .standardInput:
      guard let descriptor = io.standardInputDescriptor else {
        io.errText("replay: --follow cannot read stdin here: it is no stream\n")
        return .failure(ExitFailure(code: ExitCode.usage))
      }
      return .success(Stream(name: name, descriptor: descriptor, owned: false))
    case .fifo:
      // Without O_NONBLOCK, open(2) waits for a writer, and Ctrl-C could not stop it;
      // the follower reads only what poll(2) says is there, so blocking reads are fine.
      let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else {
        io.errText("replay: \(shown): cannot be opened (\(String(cString: strerror(errno))))\n")
        return .failure(ExitFailure(code: ExitCode.unreadableLog))
      }
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
      return .success(Stream(name: name, descriptor: descriptor, owned: true))
    }
  }

  /// An exit code, as a `Result`'s failure.
  struct ExitFailure: Error {
    var code: Int32
  }
}
