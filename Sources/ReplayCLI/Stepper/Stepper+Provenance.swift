import TerminalEditor
import TimeTravel

/// The stepper's answers to where an entry came from: `why`, `cause` and `effects`.
extension Stepper {
  /// The entry number `input` names, or the current entry's; `nil` after a hint.
  private func entryNumber(_ input: StepCommand.Input) -> Int? {
    let words = input.words
    if words.isEmpty {
      guard current > 0 else {
        _ = hint("no entry led to the initial state (init); try '\(input.name) K'")
        return nil
      }
      return context.log.numbering.number(atPosition: current)
    }
    guard words.count == 1, let number = Int(words[0]),
      context.log.numbering.position(ofNumber: number) != nil
    else {
      _ = hint(
        "usage: \(input.name) [K], K an entry's seq (\(context.log.numbering.rangeText))")
      return nil
    }
    return number
  }

  /// `why [K]`: the chain of causes of entry K (the current one by default), as `--why`.
  func why(_ input: StepCommand.Input) throws -> Bool {
    guard let number = entryNumber(input) else { return true }
    let chain = try context.log.causeChain(ofEntry: number)
    var text = WhyOutput(seq: number, chain: chain).text(context.style)
    for warning in chain.warnings {
      text += "warning: \(TerminalText.sanitize(warning.description))\n"
    }
    context.io.out(text)
    return true
  }

  /// `cause`: to the entry whose reducer started the effect that sent the current one.
  mutating func goToCause() throws -> Bool {
    guard current > 0 else { return hint("no entry led to the initial state (init)") }
    let entry = try context.log.entry(current)
    guard let cause = entry.origin?.cause else {
      return hint(
        "entry \(entry.seq) (\(context.style.name(entry.action))) has no recorded cause: it was dispatched, not sent by an effect"
      )
    }
    guard let position = context.log.numbering.position(ofNumber: cause) else {
      return hint("entry \(entry.seq)'s cause, entry \(cause), is not in the log")
    }
    try move(to: position)
    return true
  }

  /// `effects [K]`: the effects running at state K (the current one by default), as
  /// `--effects K`.
  func effects(_ input: StepCommand.Input) throws -> Bool {
    let words = input.words
    var at = current
    if !words.isEmpty {
      guard words.count == 1, let name = StateName(words[0]) else {
        return hint("usage: effects [K], K a state: init, or an entry's seq")
      }
      guard let position = position(of: name) else { return true }
      at = position
    }
    guard fork == nil else {
      return hint(
        "a fork is replayed with effects not run, so no effect runs are known in it; 'back to recorded' for the recording's"
      )
    }
    let log = context.log
    let runs = try log.effectRuns()
    let number = at == 0 ? nil : log.numbering.number(atPosition: at)
    let entry = at == 0 ? nil : try log.entry(at)
    let output = EffectsOutput(
      hasRecords: log.hasEffectRecords, at: context.stateLabel(at), atEntry: entry,
      isEnd: at == log.entryCount, time: entry?.time, running: runs.running(afterEntry: number),
      runs: runs.runs)
    context.io.out(output.text(context.style))
    return true
  }
}
