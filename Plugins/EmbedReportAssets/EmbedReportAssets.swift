import Foundation
import PackagePlugin

/// Embeds the HTML report's stylesheet and scripts (`Sources/ReplayCLI/Report/Assets/*.css` and
/// `*.js`) in the `ReplayCLI` module as Swift string constants, at build time.
///
/// Why not SwiftPM resources: `Bundle.module` looks for a resource bundle beside the
/// executable, and `replay` must keep working when the binary alone is copied to
/// `/usr/local/bin`. The assets stay real files that editors, `node --check` and the
/// tests can read.
@main struct EmbedReportAssets: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target as? SwiftSourceModuleTarget else { return [] }
    let directory = module.directoryURL.appending(path: "Report/Assets")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".js") || $0.hasSuffix(".css") }
      .sorted()
    let inputs = names.map { directory.appending(path: $0) }
    let output = context.pluginWorkDirectoryURL.appending(path: "ReportAssets.swift")
    return [
      .buildCommand(
        displayName: "Embedding the HTML report's assets",
        executable: try context.tool(named: "embed-report-assets").url,
        arguments: [output.path] + inputs.map(\.path),
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}
