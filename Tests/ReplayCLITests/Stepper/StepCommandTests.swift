import CLITestSupport
import TestSupport
import Testing

@testable import ReplayCLI

/// The stepper's commands are one table: `help` lists every spelling the dispatcher
/// accepts, and Tab offers every command.
@Suite struct StepCommandTests {
  /// Every spelling the stepper has ever accepted.
  static let spellings = [
    "next", "n", "prev", "p", "back", "goto", "g", "first", "last", "continue", "c",
    "reverse-continue", "rc", "watch", "rwatch", "diff", "state", "action", "list", "l",
    "find", "f", "why", "cause", "effects", "skip", "edit", "whatif", "back to recorded", "where",
    "undo", "redo", "dispatch", "resume", "help", "h", "?", "quit", "q", "exit",
  ]

  @Test func helpListsEverySpellingTheDispatcherAccepts() {
    let (code, out, _) = replay(Repo.fixture, "--step", stdin: "help\n")
    #expect(code == 0)
    let lines = out.split(separator: "\n").filter { $0.hasPrefix("  ") }
    var listed: [String] = []
    let phrases = StepCommand.all.flatMap(\.names).filter { $0.contains(" ") }
    for line in lines {
      // A command of several words, "  back to recorded   leave …".
      if let phrase = phrases.first(where: { line.dropFirst(2).hasPrefix($0 + " ") }) {
        listed.append(phrase)
        continue
      }
      // "  goto, g K   go to …": the spellings come before the arguments.
      let words = line.dropFirst(2).split(separator: " ")
      for word in words {
        let name = word.hasSuffix(",") ? String(word.dropLast()) : String(word)
        guard StepCommand.named(name) != nil else { break }
        listed.append(name)
        if !word.hasSuffix(",") { break }
      }
    }
    #expect(listed == StepCommand.all.flatMap(\.names))
    #expect(Set(listed) == Set(Self.spellings))
    for name in Self.spellings { #expect(StepCommand.named(name) != nil, "\(name)") }
  }

  @Test func everySpellingDispatches() {
    for name in Self.spellings where !["quit", "q", "exit"].contains(name) {
      let (_, out, _) = replay(Repo.fixture, "--step", stdin: name + "\n")
      #expect(!out.contains("unknown command"), "\(name)")
    }
    for name in ["quit", "q", "exit"] {
      // Leaving before the next command: `next` after it is never run.
      let (code, out, _) = replay(Repo.fixture, "--step", stdin: name + "\nnext\n")
      #expect(code == 0)
      #expect(out == "[init/240] initial state\n", "\(name)")
    }
    let (_, out, _) = replay(Repo.fixture, "--step", stdin: "stepp\n")
    #expect(out.hasSuffix("unknown command 'stepp'; type 'help' for the list\n"))
  }

  @Test func tabOffersEveryCommandByItsFirstName() {
    #expect(StepCompletion.commands == StepCommand.all.map { $0.names[0] }.sorted())
    #expect(
      StepCompletion.complete("re", state: { nil })?.candidates
        == ["redo", "resume", "reverse-continue"])
    #expect(
      StepCompletion.complete("wh", state: { nil })?.candidates == ["whatif", "where", "why"])
    #expect(StepCompletion.complete("ba", state: { nil })?.candidates == ["back to recorded"])
    #expect(
      StepCompletion.complete("back to r", state: { nil })?.candidates == ["back to recorded"])
    #expect(StepCompletion.complete("back 2", state: { nil }) == nil)
    #expect(StepCompletion.complete("state /", state: { ["a": 1] })?.candidates == ["/a"])
    #expect(StepCompletion.complete("diff /", state: { ["a": 1] }) == nil)
  }
}
