import Foundation
import TestSupport
import Testing

/// Node and Redux, which the Redux logger's tests run against: Node on `PATH` and the
/// self-contained build of Debian's `node-redux` package. A clone without them reports
/// those tests as skipped, with the reason; CI installs the package.
enum ReduxPeer {
  /// Redux's self-contained UMD build as Debian installs it (`lib/redux.js` needs
  /// `@babel/runtime`, which the package does not pull in).
  static let reduxJS = "/usr/share/nodejs/redux/dist/redux.js"

  /// The first executable `node` on `PATH`, or nil.
  static let node = PeerResources.executable("node")

  /// Whether both Node and the Redux build are present.
  static let isAvailable = node != nil && FileManager.default.isReadableFile(atPath: reduxJS)

  /// Why the tests are skipped when they are.
  static let reason: Comment =
    "needs node on PATH and Debian's node-redux (apt-get install node-redux)"

  /// The logger's test scripts.
  static let scripts = Repo.root.appendingPathComponent(
    "Integrations/redux/test")

  /// Runs `node SCRIPT REDUX_JS ARGUMENTS…` from `Integrations/redux/test` and returns its
  /// exit status and output.
  ///
  /// - Throws: When node cannot be started.
  static func run(_ script: String, _ arguments: String...) async throws -> (
    status: Int32, out: String, err: String
  ) {
    try await node([scripts.appendingPathComponent(script).path, reduxJS] + arguments, in: scripts)
  }

  /// Runs `node ARGUMENTS…` in `directory` and returns its exit status and output.
  ///
  /// - Throws: When node cannot be started.
  static func node(_ arguments: [String], in directory: URL) async throws -> (
    status: Int32, out: String, err: String
  ) {
    let result = try await CompletedProcess.run(node ?? "/usr/bin/node", arguments, in: directory)
    return (result.status, result.out, result.err)
  }
}
