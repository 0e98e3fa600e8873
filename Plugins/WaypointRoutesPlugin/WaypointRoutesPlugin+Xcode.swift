#if canImport(XcodeProjectPlugin)
    import PackagePlugin
    import XcodeProjectPlugin

    /// The same commands for a target of an Xcode project: its routes files and tables are
    /// among the target's input files.
    extension WaypointRoutesPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            Self.commands(
                files: target.inputFiles.map(\.url), tool: try context.tool(named: "WaypointCLI").url,
                workDirectory: context.pluginWorkDirectoryURL, root: context.xcodeProject.directoryURL)
        }
    }
#endif
