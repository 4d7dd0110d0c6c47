import BundledReducers
import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing

/// The README's tour shows real output: each `$ replay …` command in its code blocks
/// (and the three blocks shown without a `$` line) is run here, and its output must be
/// what the README prints, up to a `…` line where the README cuts it short.
@Suite struct ReadmeTourTests {
  /// A command of the README and the output it shows.
  struct Example: CustomStringConvertible {
    var arguments: [String]
    var stdin: String
    var shown: [String]
    var description: String { arguments.joined(separator: " ") }
  }

  static let readme: String = {
    (try? String(
      contentsOf: Repo.root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
  }()

  /// The README's fenced blocks, each as its lines.
  static var blocks: [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if let block = current {
          blocks.append(block)
          current = nil
        } else {
          current = []
        }
      } else {
        current?.append(String(line))
      }
    }
    return blocks
  }

  /// The blocks that show output without a `$` line, with the command that prints them.
  static let unprompted: [(firstLine: String, command: String)] = [
    ("Fixtures/todo-session.jsonl: 240 entries", "replay Fixtures/todo-session.jsonl"),
    ("entry 117 (addTodo) at ", "replay Fixtures/todo-session.jsonl --show 117"),
    (
      "entry 117 (addTodo) is the first bad entry",
      #"replay Fixtures/todo-session.jsonl --bisect --predicate 'any(.todos[]; .title | test("^\\s*$"))'"#
    ),
  ]

  static var examples: [Example] {
    var examples: [Example] = []
    for block in blocks {
      if let (_, command) = unprompted.first(where: { block.first?.hasPrefix($0.firstLine) == true }
      ) {
        examples.append(example(command, shown: block))
        continue
      }
      var i = 0
      while i < block.count {
        guard block[i].hasPrefix("$ ") else {
          i += 1
          continue
        }
        var end = i + 1
        while end < block.count, !block[end].hasPrefix("$ ") { end += 1 }
        examples.append(example(String(block[i].dropFirst(2)), shown: Array(block[i + 1..<end])))
        i = end
      }
    }
    return examples
  }

  /// Reads `printf 'X' | replay ARGS` or `replay ARGS`.
  static func example(_ command: String, shown: [String]) -> Example {
    var words = shellWords(command)
    var stdin = ""
    if words.first == "printf", let bar = words.firstIndex(of: "|") {
      stdin = words[1].replacingOccurrences(of: "\\n", with: "\n")
      words = Array(words[(bar + 1)...])
    }
    let arguments = words.dropFirst().map { word in
      word.hasPrefix("Fixtures/") ? Repo.root.appendingPathComponent(word).path : word
    }
    return Example(arguments: arguments, stdin: stdin, shown: shown)
  }

  /// Splits a command as `sh` does for the README's commands: words, single quotes,
  /// and double quotes with `\` escapes.
  static func shellWords(_ command: String) -> [String] {
    var words: [String] = []
    var word: String?
    var quote: Character?
    var escaped = false
    for c in command {
      if escaped {
        word = (word ?? "") + (c == "\"" || c == "\\" || c == "$" ? String(c) : "\\\(c)")
        escaped = false
      } else if let q = quote {
        if c == q {
          quote = nil
        } else if q == "\"", c == "\\" {
          escaped = true
        } else {
          word = (word ?? "") + String(c)
        }
      } else if c == "'" || c == "\"" {
        quote = c
        word = word ?? ""
      } else if c == " " {
        if let w = word { words.append(w) }
        word = nil
      } else {
        word = (word ?? "") + String(c)
      }
    }
    if let w = word { words.append(w) }
    return words
  }

  @Test func theTourHasItsExamples() {
    let commands = Self.examples.map(\.description)
    #expect(commands.count >= 10, "\(commands)")
    #expect(commands.contains { $0.contains("--step") })
    #expect(commands.contains { $0.contains("--show 117") })
  }

  @Test(arguments: examples)
  func everyTourOutputIsReal(example: Example) {
    let io = BufferIO(stdin: example.stdin)
    _ = ReplayCommand.run(example.arguments, io: io, reducers: BundledReducers.registry)
    let root = Repo.root.path + "/"
    let printed = (io.stderr + io.stdout).replacingOccurrences(of: root, with: "")
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var shown = example.shown
    while shown.last == "" { shown.removeLast() }
    if let cut = shown.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "…" }) {
      #expect(Array(printed.prefix(cut)) == Array(shown.prefix(cut)), "\(example)")
    } else {
      #expect(printed.dropLast() == shown[...], "\(example)")
    }
  }
}
