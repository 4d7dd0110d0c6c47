import ReplayCLI

ReplayCommand.main()
