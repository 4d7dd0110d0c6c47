import Foundation
import TestSupport
import Testing

/// The documentation is product: it builds without DocC warnings (no broken symbol links),
/// and every Swift snippet in the README, docs/, the DocC articles and the doc comments
/// type-checks against the package as built for these tests.
///
/// A snippet is a fenced `swift` block. Each gets `import Foundation`; blocks of one
/// Markdown document also get the import lines of the blocks before them, and a doc
/// comment's block its own module. What a snippet assumes but does not show (an app's reducer, say) is in
/// `Tests/Snippets/NAME.swift`, where NAME is the document's or the source file's name
/// without extension, and is put before each of its blocks; a module a snippet imports that
/// the package does not have (an app's own) is stood in for by `Tests/Snippets/Modules/`.
@Suite struct DocumentationTests {
  /// The build directory of this test binary, whose `Modules/` holds the package's modules.
  static let buildDirectory: URL? = {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let directory = binary.deletingLastPathComponent()
    let modules = directory.appendingPathComponent("Modules/TimeTravel.swiftmodule").path
    return FileManager.default.fileExists(atPath: modules) ? directory : nil
  }()

  static let canBuildDocs =
    buildDirectory != nil && PeerResources.executable("docc") != nil
    && PeerResources.executable("swift-symbolgraph-extract") != nil

  @Test(
    .enabled(
      if: canBuildDocs,
      "needs the package's build directory and the toolchain's docc and swift-symbolgraph-extract"
    ))
  func documentationBuildsWithoutWarnings() async throws {
    let output = Scratch.folder.appendingPathComponent("docs-\(UUID())")
    defer { try? FileManager.default.removeItem(at: output) }
    let result = try await Self.run(
      Repo.root.appendingPathComponent("Scripts/build-docs.sh").path, [output.path],
      environment: ["REPLAY_BIN_PATH": try #require(Self.buildDirectory).path])
    #expect(result.status == 0, "\(result.output)")
  }

  @Test(
    .enabled(
      if: buildDirectory != nil && PeerResources.executable("swiftc") != nil,
      "needs the package's build directory and swiftc"))
  func everySwiftSnippetTypeChecks() async throws {
    let snippets = try Self.snippets()
    #expect(snippets.count >= 9, "found only \(snippets.map(\.name))")
    let work = Scratch.folder.appendingPathComponent("snippets-\(UUID())")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let modules = try #require(Self.buildDirectory).appendingPathComponent("Modules").path
    let swiftc = try #require(PeerResources.executable("swiftc"))
    let standIns = Repo.root.appendingPathComponent("Tests/Snippets/Modules")
    for file in (try? FileManager.default.contentsOfDirectory(atPath: standIns.path)) ?? [] {
      let name = (file as NSString).deletingPathExtension
      let result = try await Self.run(
        swiftc,
        [
          "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", name,
          "-I", modules, "-emit-module-path",
          work.appendingPathComponent("\(name).swiftmodule").path,
          "-module-cache-path", work.appendingPathComponent("cache").path,
          standIns.appendingPathComponent(file).path,
        ])
      try #require(result.status == 0, "stand-in module \(name): \(result.output)")
    }
    for (index, snippet) in snippets.enumerated() {
      let source = work.appendingPathComponent("snippet\(index)/main.swift")
      try FileManager.default.createDirectory(
        at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(snippet.program.utf8).write(to: source)
      let result = try await Self.run(
        swiftc,
        [
          "-typecheck", "-swift-version", "6", "-I", modules, "-I", work.path,
          "-module-cache-path", work.appendingPathComponent("cache").path, source.path,
        ])
      #expect(result.status == 0, "\(snippet.name) does not compile:\n\(result.output)")
    }
  }

  struct Snippet {
    /// Where it is: `Sources/TimeTravel/Documentation.docc/RecordingCosts.md, block 1`.
    var name: String
    /// What is type-checked: the prelude, the document's context, the block.
    var program: String
  }

  /// Every fenced `swift` block of the Markdown documents and the doc comments.
  static func snippets() throws -> [Snippet] {
    var result: [Snippet] = []
    let fm = FileManager.default
    var documents = ["README.md"]
    for directory in ["docs"]
      + ((try? fm.contentsOfDirectory(atPath: Repo.root.path + "/Sources")) ?? [])
      .map({ "Sources/\($0)/Documentation.docc" })
    {
      let files = (try? fm.contentsOfDirectory(atPath: Repo.root.path + "/" + directory)) ?? []
      documents += files.filter { $0.hasSuffix(".md") }.sorted().map { "\(directory)/\($0)" }
    }
    for document in documents {
      let text = try String(contentsOf: Repo.root.appendingPathComponent(document), encoding: .utf8)
      let blocks = fencedSwiftBlocks(text.components(separatedBy: "\n"))
      var imports = ["import Foundation"]
      for (number, block) in blocks.enumerated() {
        let context = try contextFor(document)
        result.append(
          Snippet(
            name: "\(document), block \(number + 1)",
            program: (imports + [context, block]).joined(separator: "\n")))
        imports += block.components(separatedBy: "\n").filter { $0.hasPrefix("import ") }
      }
    }
    let sources = Repo.root.appendingPathComponent("Sources")
    for case let path as String in fm.enumerator(atPath: sources.path) ?? .init()
    where path.hasSuffix(".swift") {
      let text = try String(
        contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
      // Doc comment lines keep their indentation after `/// `; recover it exactly.
      let exactLines = text.components(separatedBy: "\n").map { line -> String in
        let trimmed = line.drop { $0 == " " }
        guard trimmed.hasPrefix("///") else { return "" }
        let body = trimmed.dropFirst(3)
        return String(body.hasPrefix(" ") ? body.dropFirst() : body)
      }
      let module = String(path.split(separator: "/")[0])
      for (number, block) in fencedSwiftBlocks(exactLines).enumerated() {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let context = try contextFor(name)
        result.append(
          Snippet(
            name: "Sources/\(path), doc comment block \(number + 1)",
            program: ["import Foundation", "import \(module)", context, block].joined(
              separator: "\n")))
      }
    }
    return result
  }

  /// The lines between a ```` ```swift ```` line and the next ```` ``` ```` line.
  static func fencedSwiftBlocks(_ lines: [String]) -> [String] {
    var blocks: [String] = []
    var current: [String]?
    for line in lines {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if current == nil, trimmed == "```swift" {
        current = []
      } else if current != nil, trimmed == "```" {
        blocks.append(current!.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  /// `Tests/Snippets/NAME.swift`, or nothing.
  static func contextFor(_ document: String) throws -> String {
    let name = ((document as NSString).lastPathComponent as NSString).deletingPathExtension
    let url = Repo.root.appendingPathComponent("Tests/Snippets/\(name).swift")
    guard FileManager.default.fileExists(atPath: url.path) else { return "" }
    return try String(contentsOf: url, encoding: .utf8)
  }

  static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:])
    async throws -> (status: Int32, output: String)
  {
    let result = try await CompletedProcess.run(
      executable, arguments, environment: environment, mergingOutput: true)
    return (result.status, result.out)
  }
}
