import ReplayCLI
