import TerminalEditor
import TimeTravel

/// A what-if the stepper is stepping: the recorded session it was forked from, the
/// edits, and the edited history (replayed through `--reducer NAME`, as `replay
/// --what-if` does), which the stepper's commands then read as their log.
struct StepperFork {
  /// The log the session was started on.
  var recorded: LogFile
  /// The edits, in order, applied to the recorded history (its seqs).
  var edits: [HistoryEdit]
  /// The fork's entries: entry k of the fork's log is `entries[k − 1]`.
  var entries: [EditedEntry]

  /// Whether the fork's entries are numbered 1…n rather than by their recorded seqs (an
  /// action was inserted, or moved so that seqs no longer increase), as ``EditedLog``
  /// numbers them.
  var isRenumbered: Bool {
    let seqs = entries.compactMap(\.seq)
    return seqs.count != entries.count || zip(seqs, seqs.dropFirst()).contains { $0 >= $1 }
  }

  /// The edits as `--what-if` takes them: `--skip 117 --edit 3={…}`.
  var editsText: String {
    edits.map { TerminalText.sanitize($0.description) }.joined(separator: " ")
  }
}

/// `skip`, `edit`, `whatif`, `back to recorded` and `where`.
extension Stepper {
  /// The prompt: `(replay)`, or `(what-if)` while stepping a fork.
  var prompt: String { fork == nil ? "(replay) " : "(what-if) " }

  /// `skip K` and `edit K=ACTION_JSON`: the fork with one more edit. K names an entry as
  /// the stepper shows it: on a fork numbered 1…n (after an insert or a move), the fork's.
  mutating func forkAdding(_ input: StepCommand.Input) throws -> Bool {
    let skips = input.name == "skip"
    guard !input.argument.isEmpty else {
      return hint(skips ? "usage: skip K, K an entry's seq" : "usage: edit K=ACTION_JSON")
    }
    let edit: HistoryEdit
    do throws(UsageError) {
      if skips {
        edit = .skip(try recordedSeq(EditParsing.seq(input.argument, flag: input.name)))
      } else {
        let (seq, action) = try EditParsing.action(input.argument, flag: input.name)
        edit = .edit(try recordedSeq(seq), action: action)
      }
    } catch {
      return hint(error.message)
    }
    return try fork(with: (fork?.edits ?? []) + [edit])
  }

  /// The recorded seq of the entry the stepper numbers `k`.
  private func recordedSeq(_ k: Int) throws(UsageError) -> Int {
    guard let fork, fork.isRenumbered else { return k }
    guard let position = context.log.numbering.position(ofNumber: k) else {
      throw UsageError(message: "the fork has no entry \(k) (its entries are 1…\(count))")
    }
    guard let seq = fork.entries[position - 1].seq else {
      throw UsageError(
        message:
          "entry \(k) of the fork is an inserted action; 'whatif' with the edits but that insert makes the fork without it"
      )
    }
    return seq
  }

  /// `whatif EDIT…`: a fork of the recorded history with these edits, named by recorded
  /// seqs as `replay --what-if` takes them; alone, where the stepper is.
  mutating func whatIf(_ input: StepCommand.Input) throws -> Bool {
    guard !input.argument.isEmpty else { return whereAmI() }
    guard input.argument.hasPrefix("--") else { return hint(Self.whatIfUsage) }
    var options = Options()
    let flags = [OptionFlags.skip, OptionFlags.edit, OptionFlags.insert, OptionFlags.move]
    for segment in (" " + input.argument).components(separatedBy: " --").dropFirst() {
      let parts = segment.split(separator: " ", maxSplits: 1).map(String.init)
      guard parts.count == 2, let flag = flags.first(where: { $0.name == "--" + parts[0] }),
        let apply = flag.apply
      else { return hint(Self.whatIfUsage) }
      do throws(UsageError) {
        try apply(&options, [parts[1].trimmingCharacters(in: .whitespaces)])
      } catch {
        return hint(error.message)
      }
    }
    return try fork(with: options.edits)
  }

  static let whatIfUsage =
    "usage: whatif EDIT…, each EDIT one of --skip K, --edit K=ACTION_JSON, --insert K=ACTION_JSON, --move K:L (K and L the recorded entries' seqs)"

  /// `back to recorded`: the recorded history again, at the same entry, or the last one
  /// before it that the recording has.
  mutating func backToRecorded() throws -> Bool {
    guard let fork else { return hint("already stepping the recorded history") }
    let position = recordedPosition(fork)
    context.log = fork.recorded
    self.fork = nil
    lastWatchLanding = nil
    current = position
    context.io.out("back to the recorded history\n")
    show()
    return true
  }

  /// `where`: the state the stepper is at, and which history it is in.
  func whereAmI() -> Bool {
    let at = current == 0 ? "at the initial state (init)" : "at state \(context.stateName(current))"
    let entries = count == 1 ? "1 entry" : "\(count) entries"
    guard let fork else { return hint("\(at) of the recorded history (\(entries))") }
    return hint(
      "\(at) of a fork, what if \(fork.editsText) (\(entries); 'back to recorded' returns to the recording)"
    )
  }

  /// The recorded position of the stepper's state: that of its entry, or of the last
  /// entry before it in the fork that the recording has (an inserted action has none).
  private func recordedPosition(_ fork: StepperFork) -> Int {
    for k in stride(from: current, through: 1, by: -1) {
      if let seq = fork.entries[k - 1].seq,
        let position = fork.recorded.numbering.position(ofNumber: seq)
      {
        return position
      }
    }
    return 0
  }

  /// Replays `edits` on the recorded history and steps the result, at the same entry as
  /// before, or the last one before it that the fork still has.
  private mutating func fork(with edits: [HistoryEdit]) throws -> Bool {
    guard let name = context.options.reducer else {
      return hint(
        "a what-if replays through a reducer: start the stepper with --reducer NAME (replay LOG --step --reducer NAME)"
      )
    }
    guard !context.options.follow, remote == nil else {
      return hint(
        "a fork is not the session being recorded: step without --follow or --listen to fork it")
    }
    guard let recomputer = context.reducers.recomputer(named: name) else {
      return hint(context.reducers.unknown(name).message)
    }
    let recorded = fork?.recorded ?? context.log
    let edited: EditedLog
    do { edited = try WhatIf(log: recorded, recomputer: recomputer).editedLog(edits) } catch {
      return hint(TerminalText.sanitize(Self.message(error, edits)))
    }
    let anchor = fork.map(recordedPosition) ?? current
    var forkPosition: [Int: Int] = [:]
    for (i, entry) in edited.entries.enumerated() {
      if let seq = entry.seq { forkPosition[seq] = i + 1 }
    }
    var landing = 0
    for k in stride(from: anchor, through: 1, by: -1) {
      if let at = forkPosition[recorded.numbering.number(atPosition: k)] {
        landing = at
        break
      }
    }
    context.log = edited.log
    fork = StepperFork(recorded: recorded, edits: edits, entries: edited.entries)
    lastWatchLanding = nil
    current = landing
    context.io.out(summary(edited))
    show()
    return true
  }

  /// The error's message, naming an edit by its words (`--edit 5={…}`) rather than by
  /// its place in the list, which the stepper's user did not type.
  private static func message(_ error: WhatIfError, _ edits: [HistoryEdit]) -> String {
    guard let i = error.edit, edits.indices.contains(i),
      error.message.hasPrefix("edit \(i + 1) ("), let end = error.message.range(of: "): ")
    else { return error.message }
    return edits[i].description + ": " + error.message[end.upperBound...]
  }

  private func summary(_ edited: EditedLog) -> String {
    var text = "what if \(fork?.editsText ?? ""): a fork of \(edited.entries.count) entries"
    if let dropped = edited.whatIf?.dropped, !dropped.isEmpty {
      text +=
        " (without \(dropped.map { "entry \($0)" }.joined(separator: ", ")), sent by effects of skipped ones)"
    }
    let renumbered = fork?.isRenumbered ?? false
    if let seq = edited.whatIf?.firstDivergence {
      let at = edited.entries.firstIndex { $0.seq == seq }.map { $0 + 1 }
      text +=
        renumbered && at != nil
        ? ", first diverging from the recording at its entry \(at!) (recorded entry \(seq))"
        : ", first diverging from the recording at entry \(seq)"
    } else {
      text += ", no recorded entry's state differing from the recording"
    }
    if renumbered { text += "; its entries are numbered 1…\(edited.entries.count)" }
    return text + "\n"
  }
}
