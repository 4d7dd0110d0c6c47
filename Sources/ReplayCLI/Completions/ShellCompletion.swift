import Foundation

/// Completion scripts for bash, zsh and fish, generated from a ``FlagTable`` as
/// swift-argument-parser generates them from its declarations: every spelling of every
/// flag, the fixed values of those that have them, no file names after a flag that takes
/// free text, and files for the log.
struct ShellCompletion {
  let table: FlagTable
  /// The command the script completes.
  var command = "replay"

  /// The command name a script completes for a program run as `path` (its `argv[0]`):
  /// the path's last component when it is a plain command name (letters, digits, `.`,
  /// `_`, `+`, `-`, not starting with `-`), as a custom `replay-myapp` built from
  /// ReplayCLI is; `replay` otherwise, so no shell syntax from a path reaches a script.
  static func commandName(running path: String?) -> String {
    let name = path.flatMap { $0.split(separator: "/").last.map(String.init) } ?? ""
    let plain = name.unicodeScalars.allSatisfy {
      $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._+-".unicodeScalars.contains($0))
    }
    return !name.isEmpty && plain && !name.hasPrefix("-") ? name : "replay"
  }

  /// The script for `shell`.
  func script(for shell: Shell) -> String {
    switch shell {
    case .bash: return bash
    case .zsh: return zsh
    case .fish: return fish
    }
  }

  /// The shell function that completes: `_replay`.
  private var function: String {
    "_" + String(command.map { $0.isLetter || $0.isNumber ? $0 : "_" })
  }

  /// Every spelling of every flag.
  private var names: [String] { table.flags.flatMap(\.names) }

  /// A bash function for `complete -F`: `--flag=value` in one word or, with `=` in
  /// `COMP_WORDBREAKS` (bash's default), in three; a value in the next word after a
  /// flag that takes one there; flags after `-`; files otherwise.
  var bash: String {
    let separate = table.flags.filter {
      if case .attachedOnly = $0.value?.form { return false }
      return $0.value != nil
    }
    var text = """
      # bash completion for \(command), generated from its flags by `\(command) --completion bash`.
      # Load it from ~/.bashrc: source <(\(command) --completion bash)
      \(function)() {
        local cur=${COMP_WORDS[COMP_CWORD]} prev= flag= value= prefix= words=
        ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
        if [[ $cur == --*=* ]]; then
          flag=${cur%%=*} value=${cur#*=} prefix=$flag=
        elif [[ $cur == = && $prev == --* ]]; then
          flag=$prev
        elif [[ $prev == = ]] && ((COMP_CWORD > 1)) && [[ ${COMP_WORDS[COMP_CWORD - 2]} == --* ]]; then
          flag=${COMP_WORDS[COMP_CWORD - 2]} value=$cur
        else
          case $prev in

      """
    if !separate.isEmpty {
      text +=
        "      \(separate.flatMap(\.names).joined(separator: "|"))) flag=$prev value=$cur ;;\n"
    }
    text += """
          esac
        fi
        if [[ -n $flag ]]; then
          case $flag in

      """
    for flag in table.flags {
      guard let choices = flag.value?.choices, !choices.isEmpty else { continue }
      text +=
        "      \(flag.names.joined(separator: "|"))) words='\(choices.map(\.name).joined(separator: " "))' ;;\n"
    }
    text += """
          esac
          mapfile -t COMPREPLY < <(compgen -P "$prefix" -W "$words" -- "$value")
        elif [[ $cur == -* ]]; then
          mapfile -t COMPREPLY < <(compgen -W '\(names.joined(separator: " "))' -- "$cur")
        else
          mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        fi
      }
      complete -o filenames -F \(function) \(command)

      """
    return text
  }

  /// A `#compdef` function built on `_arguments`: mode flags exclude one another,
  /// `--help` and `--version` exclude everything, a repeatable flag may recur.
  var zsh: String {
    let modes = table.flags.filter { table.mode(selectedBy: $0) != nil }.flatMap(\.names)
      .joined(separator: " ")
    var specs: [String] = []
    for flag in table.flags {
      var exclusions = ""
      if let mode = table.mode(selectedBy: flag) {
        exclusions = mode.overridesOthers ? "'(- *)'" : "'(\(modes))'"
      }
      let names =
        flag.names.count == 1 ? flag.name : "{" + flag.names.joined(separator: ",") + "}"
      var spec = (flag.repeats ? "'*'" : "") + names
      var arguments = ""
      if let value = flag.value {
        let action =
          value.choices.isEmpty ? "" : "(\(value.choices.map(\.name).joined(separator: " ")))"
        switch value.form {
        case .required: arguments = ":\(Self.zshEscaped(value.placeholder)):\(action)"
        case .attachedOnly:
          spec += "'=-'"
          arguments = "::\(Self.zshEscaped(value.placeholder)):\(action)"
        case .withOptionalNumber(let second):
          arguments = ":\(Self.zshEscaped(value.placeholder)):::\(Self.zshEscaped(second)):"
        case .optionalState:
          arguments = "::\(Self.zshEscaped(value.placeholder)):"
        }
      }
      spec = exclusions + spec + "'[\(Self.zshEscaped(flag.summary))]\(arguments)'"
      specs.append(spec)
    }
    specs.append("':LOG:_files'")
    return """
      #compdef \(command)
      # zsh completion for \(command), generated from its flags by `\(command) --completion zsh`.
      # Save it as \(function) in a directory on $fpath, or load it: source <(\(command) --completion zsh)
      \(function)() {
        _arguments -s -S \\
          \(specs.joined(separator: " \\\n    "))
      }
      if [[ $funcstack[1] == \(function) ]]; then
        \(function) "$@"
      else
        compdef \(function) \(command)
      fi

      """
  }

  /// One `complete` line per flag: `-x` (a value, no files) after a flag that takes
  /// one in the next word, its fixed values with `-a`.
  var fish: String {
    var lines = [
      "# fish completion for \(command), generated from its flags by `\(command) --completion fish`.",
      "# Save it as ~/.config/fish/completions/\(command).fish.",
    ]
    for flag in table.flags {
      var line = "complete -c \(command)"
      for name in flag.names {
        line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
      }
      if let value = flag.value {
        if case .attachedOnly = value.form {
          line += " -f"
        } else {
          line += " -x"
        }
        if !value.choices.isEmpty {
          line += " -a '\(value.choices.map(\.name).joined(separator: " "))'"
        }
      }
      line += " -d '\(Self.fishEscaped(flag.summary))'"
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` for an `_arguments` description inside single quotes: brackets, colons
  /// and backslashes escaped, single quotes closed and reopened.
  static func zshEscaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\", "[", "]", ":": result += "\\\(character)"
      case "'": result += "'\\''"
      default: result.append(character)
      }
    }
    return result
  }

  /// `text` for fish inside single quotes, where only `\` and `'` are escaped.
  static func fishEscaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if character == "\\" || character == "'" { result.append("\\") }
      result.append(character)
    }
    return result
  }
}
