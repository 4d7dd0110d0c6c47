import BundledReducers
import ReplayCLI

// The reducers this `replay` can replay logs through: the bundled samples. An app's own
// `replay` registers its own (the article "Your own `replay`, with your reducers" in ReplayCLI's
// documentation).
ReplayCommand.main(reducers: BundledReducers.registry)
