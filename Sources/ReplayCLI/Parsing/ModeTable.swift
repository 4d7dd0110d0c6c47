/// Every mode of `replay`, in the order help lists them and messages name them. A new
/// mode is a type conforming to ``LogMode`` or ``StandaloneMode`` and a line here.
enum ModeTable {
  static let all: [any ReplayMode.Type] = [
    SummaryMode.self, ShowMode.self, DiffMode.self, BisectMode.self, FindMode.self,
    WatchMode.self, WhyMode.self, EffectsMode.self, BlameMode.self, StepMode.self, VerifyMode.self,
    WhatIfMode.self, MinimizeMode.self, RacesMode.self, ReproduceMode.self, HTMLMode.self,
    EmitTestMode.self, ConvertMode.self, ExportMode.self, ListenMode.self,
    EvalMode.self, CompletionMode.self, HelpMode.self, VersionMode.self,
  ]
}
