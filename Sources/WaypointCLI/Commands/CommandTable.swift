extension Command {
    /// The command table: every subcommand of `waypoint`, in help order. An adapter's command
    /// (such as `detour` or `paylisher`) is one more entry here and one file beside this one.
    static let all: [Command] = [
        .test, .match, .explain, .lint, .buildCheck, .aasaCheck, .aasaGenerate, .androidCheck,
        .androidGenerate,
        .detour, .paylisher, .helpCommand,
    ]
}
