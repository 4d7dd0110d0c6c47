/// The shells `replay --completion SHELL` writes a completion script for.
enum Shell: String, CaseIterable, Sendable {
  case bash, zsh, fish
}
