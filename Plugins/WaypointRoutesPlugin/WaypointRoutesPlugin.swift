import Foundation
import PackagePlugin

/// The build tool plugin that checks a target's route tables while it builds: for each
/// routes file (`*.routes`) and each pattern table (`*.waypoint.json`) among the target's
/// files, one build command runs `waypoint build-check`, whose findings SwiftPM and Xcode
/// show at their lines, and whose errors fail the build.
///
/// A routes file's command also writes the Swift file of its `RouteName` constants, which
/// the target compiles. Each command declares its inputs (the file, the target's other
/// routes files, whose names must differ, and the association files a table names) and its
/// output, so the build runs it again only when one of them changed.
@main
struct WaypointRoutesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return Self.commands(
            files: target.sourceFiles.map(\.url), tool: try context.tool(named: "WaypointCLI").url,
            workDirectory: context.pluginWorkDirectoryURL, root: target.directoryURL)
    }

    /// The build commands for the route tables among `files` (a target's files, under
    /// `root`), running `tool` and writing into `workDirectory`.
    static func commands(files: [URL], tool: URL, workDirectory: URL, root: URL) -> [Command] {
        let ordered = files.sorted { $0.path < $1.path }
        let routes = ordered.filter { $0.pathExtension == "routes" }
        let tables = ordered.filter { $0.lastPathComponent.hasSuffix(".waypoint.json") }
        var commands: [Command] = []
        for file in routes {
            let others = routes.filter { $0 != file }
            let output = workDirectory.appending(path: outputName(file, root: root, suffix: "RouteNames"))
            commands.append(
                .buildCommand(
                    displayName: "Checking \(file.lastPathComponent) and generating its route names",
                    executable: tool,
                    arguments: ["build-check", file.path, "--swift-output", output.path]
                        + others.flatMap { ["--names-also", $0.path] },
                    inputFiles: [file] + others + [tool],
                    outputFiles: [output]))
        }
        for file in tables {
            let output = workDirectory.appending(path: outputName(file, root: root, suffix: "Checked"))
            commands.append(
                .buildCommand(
                    displayName: "Checking \(file.lastPathComponent)",
                    executable: tool,
                    arguments: ["build-check", file.path, "--swift-output", output.path],
                    inputFiles: [file] + associationFiles(of: file) + [tool],
                    outputFiles: [output]))
        }
        return commands
    }

    /// The name of the Swift file generated for `file`: its path under `root` with `/`
    /// written as `_`, then `+suffix.swift` (`App+RouteNames.swift`,
    /// `Links_App+RouteNames.swift` for `Links/App.routes`), so files of one module never
    /// share a name.
    static func outputName(_ file: URL, root: URL, suffix: String) -> String {
        let path = file.standardizedFileURL.path
        let base = root.standardizedFileURL.path
        var relative =
            path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : file.lastPathComponent
        for ending in [".waypoint.json", ".routes"] where relative.hasSuffix(ending) {
            relative.removeLast(ending.count)
            break
        }
        return relative.replacingOccurrences(of: "/", with: "_") + "+\(suffix).swift"
    }

    /// The association files the tables of the table file `file` name (their `aasa` member's
    /// `file`, beside the table), so that a change to one checks the table again. A file
    /// that cannot be read here is left out: `waypoint build-check` reports it.
    static func associationFiles(of file: URL) -> [URL] {
        guard let data = try? Data(contentsOf: file),
            let document = try? JSONSerialization.jsonObject(with: data)
        else { return [] }
        let tables = document as? [Any] ?? [document]
        return tables.compactMap { table in
            guard let aasa = (table as? [String: Any])?["aasa"] as? [String: Any],
                let path = aasa["file"] as? String
            else { return nil }
            return path.hasPrefix("/")
                ? URL(fileURLWithPath: path) : file.deletingLastPathComponent().appending(path: path)
        }
    }
}
