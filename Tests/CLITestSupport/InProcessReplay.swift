import BundledReducers
import ReplayCLI

/// Runs the command in-process, with the bundled reducers registered as the `replay`
/// executable registers them, and returns (exit code, stdout, stderr).
public func replay(_ arguments: String..., stdin: String = "") -> (
  code: Int32, out: String, err: String
) {
  let io = BufferIO(stdin: stdin)
  let code = ReplayCommand.run(arguments, io: io, reducers: BundledReducers.registry)
  return (code, io.stdout, io.stderr)
}

/// Runs the command with an argument array and the bundled reducers.
public func replay(_ path: String, arguments: [String]) -> (code: Int32, out: String, err: String) {
  let io = BufferIO()
  let code = ReplayCommand.run([path] + arguments, io: io, reducers: BundledReducers.registry)
  return (code, io.stdout, io.stderr)
}
