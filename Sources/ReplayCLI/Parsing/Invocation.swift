/// What a command line asks for: a mode with its values, and the options.
struct Invocation: Equatable {
  var mode: any ReplayMode
  var options: Options

  init(_ mode: any ReplayMode, _ options: Options) {
    self.mode = mode
    self.options = options
  }

  static func == (lhs: Invocation, rhs: Invocation) -> Bool {
    lhs.options == rhs.options && lhs.mode.isEqual(rhs.mode)
  }
}
