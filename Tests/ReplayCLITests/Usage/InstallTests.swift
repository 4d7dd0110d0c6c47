import BundledReducers
import Foundation
import TestSupport
import Testing

@testable import ReplayCLI

/// `make install` installs replay as a command-line tool (the release binary, its
/// manual page, its completions where bash, zsh and fish look for them) under PREFIX,
/// staged under DESTDIR, and `make uninstall` removes exactly those files.
///
/// It builds the binary in a scratch folder of its own under `.build/` (the `swift test`
/// running this holds `.build`'s lock), in the debug configuration, which the Makefile
/// builds as it builds the release one (`CONFIGURATION`), in a fraction of the time.
@Suite struct InstallTests {
  static let make = PeerResources.executable("make")

  /// What `make install` puts under PREFIX.
  static let installed = [
    "bin/replay",
    "share/bash-completion/completions/replay",
    "share/fish/vendor_completions.d/replay.fish",
    "share/man/man1/replay.1",
    "share/zsh/site-functions/_replay",
  ]

  /// 2026-01-05, the manual page's date.
  static let epoch = "1767571200"

  @Test(.enabled(if: make != nil, "needs make on PATH (apt-get install make)"))
  func installPutsTheBinaryManualAndCompletionsInPlaceAndUninstallRemovesThem() async throws {
    let folder = Scratch.folder
      .appendingPathComponent("replay-install-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let prefix = folder.appendingPathComponent("usr").path
    // The generated files are made again, with this run's date.
    try await Self.run(["clean"])
    try await Self.run(["install", "PREFIX=\(prefix)"])
    #expect(try Self.files(in: folder) == Self.installed.map { "usr/" + $0 })
    try await checkInstalled(in: prefix)
    try await Self.run(["uninstall", "PREFIX=\(prefix)"])
    #expect(try Self.files(in: folder) == [])

    let stage = folder.appendingPathComponent("stage")
    try await Self.run(["install", "DESTDIR=\(stage.path)", "PREFIX=/opt/replay"])
    #expect(try Self.files(in: stage) == Self.installed.map { "opt/replay/" + $0 })
    try await checkInstalled(in: stage.path + "/opt/replay")
    try await Self.run(["uninstall", "DESTDIR=\(stage.path)", "PREFIX=/opt/replay"])
    #expect(try Self.files(in: folder) == [])
  }

  /// The files under `prefix` are the binary (which runs), the manual page and the
  /// completion scripts replay generates, with their modes.
  func checkInstalled(in prefix: String) async throws {
    let version = try await CompletedProcess.run(prefix + "/bin/replay", ["--version"])
    #expect(version.out == "replay \(ReplayCommand.version)\n")
    let date = Date(timeIntervalSince1970: TimeInterval(Self.epoch)!)
    #expect(
      try String(contentsOfFile: prefix + "/share/man/man1/replay.1", encoding: .utf8)
        == ReplayCommand.manualPage(reducers: BundledReducers.registry, date: date))
    let scripts = [
      (Shell.bash, "share/bash-completion/completions/replay"),
      (.zsh, "share/zsh/site-functions/_replay"),
      (.fish, "share/fish/vendor_completions.d/replay.fish"),
    ]
    for (shell, path) in scripts {
      #expect(
        try String(contentsOfFile: prefix + "/" + path, encoding: .utf8)
          == ShellCompletion(table: .replay).script(for: shell))
    }
    for path in Self.installed {
      let mode =
        try FileManager.default.attributesOfItem(atPath: prefix + "/" + path)[
          .posixPermissions] as? Int
      #expect(mode == (path == "bin/replay" ? 0o755 : 0o644), "\(path)")
    }
  }

  /// Runs `make` in the repository with `arguments`, its build in a folder of its own.
  static func run(_ arguments: [String]) async throws {
    let result = try await CompletedProcess.run(
      make!,
      [
        "-C", Repo.root.path, "BUILD_DIR=.build/make-install-test", "CONFIGURATION=debug",
      ] + arguments,
      environment: ["SOURCE_DATE_EPOCH": epoch], mergingOutput: true)
    try #require(result.status == 0, "make \(arguments.joined(separator: " ")):\n\(result.out)")
  }

  /// The regular files under `folder`, by path relative to it, sorted.
  static func files(in folder: URL) throws -> [String] {
    let paths = FileManager.default.subpaths(atPath: folder.path) ?? []
    return paths.filter {
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(
        atPath: folder.appendingPathComponent($0).path, isDirectory: &isFolder)
        && !isFolder.boolValue
    }.sorted()
  }
}
