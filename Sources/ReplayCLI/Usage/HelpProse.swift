/// The prose of `replay --help` that is about no one flag, declared once for the help
/// (``HelpText``) and the manual page (``ManualPage``): what replay is, how it names
/// entries and states, and the sections after the flags.
enum HelpProse {
  /// What replay does, after `replay: ` in the help and `replay \-` in the manual's NAME.
  static let purpose = """
    open a JSON Lines log of (action, prior state, next state) entries and
    find the action that broke the state.
    """

  /// How entries and states are named, which every mode relies on.
  static let naming = """
    Entries and states are named by seq: entry K is the entry whose seq is K,
    state K the state after it, and init the state before the first entry (0 too,
    when no entry has seq 0). Every number replay prints can be typed back.
    """

  /// How modes are given, after the MODES heading.
  static let modesNote = "one at a time; without one, replay prints a summary of LOG"

  /// The usage of several logs at once, after the usage of one.
  static let fleetSynopsis = "LOG LOG… | DIR [--find EXPR | --watch PATH] [--where EXPR]"

  /// What replay does with several logs, or a folder of them.
  static let fleet =
    "Several logs, or a folder's .jsonl and .ndjson files, read at once: the summary across them (sessions, entries, actions, the fatal actions of those that ended in a pending record), or --find EXPR and --watch PATH on each, each match after its log. A log that cannot be read (exit 3), or is read and cannot be answered (an expression fails on it, exit 4), is listed with its error and the others are still read."

  /// Which modes the options go with, after the OPTIONS heading.
  static let optionsNote =
    "with every mode on a log, unless they name the modes they go with"

  /// The sections after the flags, in order.
  static let sections = [expressions, exitCodes, logFormat]

  /// The sections as the help prints them, a blank line between two.
  static var helpText: String { sections.map(\.helpText).joined(separator: "\n") }

  static let expressions = HelpSection(
    title: "EXPRESSIONS",
    blocks: [
      .text(
        """
        EXPR is jq 1.8, run natively. Predicates run with the state as input
        and $seq, $action and $prior bound; one holds when its last output is neither
        false nor null (the jq -e rule). Example, for a whitespace-only to-do title:
        """),
      .example(#"--predicate 'any(.todos[]; .title | test("^\\s*$"))'"#),
      .text(
        """
        A predicate that reads $action or $prior is about entries, not states: it
        can hold on one entry and not the next, so --bisect checks it entry by
        entry, from the initial state, and reports the first where it holds.
        """),
    ])

  /// The exit codes, from ``ExitCode``'s values.
  static let exitCodes = HelpSection(
    title: "EXIT CODES",
    blocks: [
      .item("\(ExitCode.success)", "success (bisect: the first bad entry was found)"),
      .item(
        "\(ExitCode.notFound)",
        "the predicate never holds; --find/--watch/--blame/--effects found nothing"),
      .item(
        "\(ExitCode.usage)", "usage error: bad option, predicate syntax error, entry out of range"),
      .item(
        "\(ExitCode.unreadableLog)",
        """
        the log cannot be read: missing or unreadable file, a malformed line, a
        file truncated or rewritten while it is read; --follow: Ctrl-C before the
        log appeared
        """),
      .item(
        "\(ExitCode.evaluationError)",
        """
        the predicate failed on a state (jq runtime error), or --run aborted
        (128 and above, a signal, or a command that cannot run: 126 or 127
        on the initial state, the first state judged)
        """),
      .item(
        "\(ExitCode.holdsAtStart)",
        "bisect: the predicate already holds on the initial state (init)"),
      .item("\(ExitCode.diverged)", "verify: a recomputed state differs from the log"),
      .item(
        "\(ExitCode.inconclusive)",
        """
        bisect: skipped states leave the first bad entry undecided; the
        candidates are listed
        """),
      .item(
        "\(ExitCode.incompatibleLog)",
        """
        the log does not fit the reducer (--verify, or --reducer on a log of
        actions only): an action or state does not decode
        """),
      .text("(1 also means --reproduce was given a log that did not end inside a reducer)"),
      .text(
        """
        --follow ends with 0 on Ctrl-C, when --until holds or at the end of a
        stream, or 1 when --find or --watch matched nothing, before or while
        following.
        """),
      .text(
        """
        --what-if, --minimize and --races follow bisect's table: 0 when the
        predicate holds in the edited history, a history was kept (also when
        Ctrl-C or --max-replays stopped the search first) or an ordering makes it
        hold; 1 when it never holds there, or not at the end of the log for
        --minimize, or no ordering makes it hold; 5 when it holds on the initial
        state already, or for --races in the recorded order; 2 for an edit that
        names no entry or puts an action before its cause; 8 for an action or a
        state that does not decode as the reducer's.
        """),
    ])

  static let logFormat = HelpSection(
    title: "LOG FORMAT",
    blocks: [
      .text(
        """
        One JSON object per line: {"seq":1,"time":"…","action":…,"prior":…,"next":…}.
        seq and time are optional, as is a header line {"format":"replay-log",…}.
        A torn last line (the app died mid-write) is ignored with a warning
        (--follow waits for it to be completed). Redux DevTools exports and Elm
        debugger histories open too, detected from their content; those of actions
        only take --reducer for their states.
        """),
      .text(
        """
        LOG may be - for standard input (not with --step, which reads its commands
        there): zcat log.jsonl.gz | replay - --find EXPR. The format
        is described in Sources/TimeTravel/Documentation.docc/LogFormat.md.
        """),
    ])
}
