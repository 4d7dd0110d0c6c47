import Foundation

/// The test run's own temporary folder, removed with everything in it when the process
/// that made it exits: a run leaves nothing behind in the system's temporary directory,
/// even files a test keeps until the end or a teardown that ends after the last test.
///
/// Made by the first process of a run that asks for it, named after that process, and
/// passed on in the environment (`REPLAY_TEST_SCRATCH`) to every process it starts: an
/// exit test's child, a copy of the test process, finds the same folder, so parent and
/// child agree on paths made in it.
public enum Scratch {
  /// The environment variable that hands the folder to child processes.
  static let variable = "REPLAY_TEST_SCRATCH"

  /// The folder; it exists.
  public static let folder: URL = {
    if let inherited = getenv(variable).map({ String(cString: $0) }), !inherited.isEmpty {
      return URL(fileURLWithPath: inherited, isDirectory: true)
    }
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("replay-tests-\(getpid())", isDirectory: true)
    // A folder left by an earlier run whose process had this id (one killed, say).
    try? FileManager.default.removeItem(at: url)
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    setenv(variable, url.path, 1)
    atexit { try? FileManager.default.removeItem(at: Scratch.folder) }
    return url
  }()

  /// A new path in ``folder`` whose last component is `prefix`, a UUID and `suffix`.
  public static func path(_ prefix: String, _ suffix: String = "") -> String {
    folder.appendingPathComponent("\(prefix)\(UUID().uuidString)\(suffix)").path
  }
}
