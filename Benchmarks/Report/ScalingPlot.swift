import Foundation

/// An SVG chart of nanoseconds per match against route count, both axes logarithmic,
/// one line per contender (hits solid, misses dashed), from the REST corpora of a report.
struct ScalingPlot {
    let report: BenchmarkReport

    private static let width = 860.0
    private static let height = 540.0
    private static let left = 90.0
    private static let right = 250.0
    private static let top = 60.0
    private static let bottom = 70.0
    private static let colors: [String: String] = [
        "waypointPath": "#1b7837", "waypointURL": "#5aae61", "waypointDispatch": "#2166ac",
        "waypointDestination": "#4393c3",
        "pcre2Scan": "#e08214", "nsRegularExpressionScan": "#b2182b", "swiftRegexScan": "#762a83",
    ]

    /// A contender's points: (routes, hit ns, miss ns).
    private struct Line {
        let key: String
        let name: String
        var points: [(routes: Double, hit: Double, miss: Double?)]
    }

    /// The SVG document, or nil when the report has fewer than two REST corpus sizes.
    var svg: String? {
        let corpora = report.corpora.filter { $0.family == .rest }.sorted { $0.routes < $1.routes }
        guard corpora.count > 1 else { return nil }
        var lines: [Line] = []
        for corpus in corpora {
            for contender in corpus.contenders {
                guard let hits = contender.hits else { continue }
                let point = (
                    Double(corpus.routes), hits.nanosecondsPerMatch.median,
                    contender.misses?.nanosecondsPerMatch.median
                )
                if let index = lines.firstIndex(where: { $0.key == contender.key }) {
                    lines[index].points.append(point)
                } else {
                    lines.append(Line(key: contender.key, name: contender.name, points: [point]))
                }
            }
        }
        let xs = corpora.map { Double($0.routes) }
        let ys = lines.flatMap { $0.points.flatMap { [$0.hit] + ($0.miss.map { [$0] } ?? []) } }
        let xRange = (floor(log10(xs.min()!)), ceil(log10(xs.max()!)))
        let yRange = (floor(log10(ys.min()!)), ceil(log10(ys.max()!)))
        let plotWidth = Self.width - Self.left - Self.right
        let plotHeight = Self.height - Self.top - Self.bottom
        func x(_ value: Double) -> Double {
            Self.left + (log10(value) - xRange.0) / max(xRange.1 - xRange.0, 1) * plotWidth
        }
        func y(_ value: Double) -> Double {
            Self.top + plotHeight - (log10(value) - yRange.0) / max(yRange.1 - yRange.0, 1) * plotHeight
        }

        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(Self.width))" height="\(Int(Self.height))" \
            viewBox="0 0 \(Int(Self.width)) \(Int(Self.height))" font-family="Helvetica, Arial, sans-serif" \
            font-size="13">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(Self.left)" y="28" font-size="17" font-weight="bold">\
            Time per match against route count (REST corpus)</text>
            <text x="\(Self.left)" y="47" fill="#555">\(Self.escape(subtitle))</text>

            """
        // Grid and axes: one line per decade.
        for decade in stride(from: xRange.0, through: xRange.1, by: 1) {
            let position = x(pow(10, decade))
            svg += Self.line(position, Self.top, position, Self.top + plotHeight, color: "#ddd")
            svg += Self.text(
                Self.routeLabel(pow(10, decade)), x: position, y: Self.top + plotHeight + 20, anchor: "middle"
            )
        }
        for decade in stride(from: yRange.0, through: yRange.1, by: 1) {
            let position = y(pow(10, decade))
            svg += Self.line(Self.left, position, Self.left + plotWidth, position, color: "#ddd")
            svg += Self.text(
                Self.timeLabel(pow(10, decade)), x: Self.left - 8, y: position + 4, anchor: "end")
        }
        svg += """
            <rect x="\(Self.left)" y="\(Self.top)" width="\(plotWidth)" height="\(plotHeight)" \
            fill="none" stroke="#333"/>

            """
        svg += Self.text(
            "routes registered (log scale)", x: Self.left + plotWidth / 2, y: Self.height - 22,
            anchor: "middle")
        svg += """
            <text transform="translate(22 \(Self.top + plotHeight / 2)) rotate(-90)" text-anchor="middle">\
            time per match (log scale)</text>

            """
        // Lines and the legend.
        for (index, line) in lines.enumerated() {
            let color = Self.colors[line.key] ?? "#444"
            let hits = line.points.map { "\(Self.format(x($0.routes))),\(Self.format(y($0.hit)))" }
            svg += """
                <polyline fill="none" stroke="\(color)" stroke-width="2.5" points="\(hits.joined(separator: " "))"/>

                """
            let misses = line.points.compactMap { point in
                point.miss.map { "\(Self.format(x(point.routes))),\(Self.format(y($0)))" }
            }
            if misses.count > 1 {
                svg += """
                    <polyline fill="none" stroke="\(color)" stroke-width="1.5" stroke-dasharray="6 4" \
                    points="\(misses.joined(separator: " "))"/>

                    """
            }
            for point in line.points {
                svg += """
                    <circle cx="\(Self.format(x(point.routes)))" cy="\(Self.format(y(point.hit)))" r="3.5" \
                    fill="\(color)"/>

                    """
            }
            let legendY = Self.top + 10 + Double(index) * 24
            let legendX = Self.left + plotWidth + 20
            svg += Self.line(legendX, legendY, legendX + 28, legendY, color: color, width: 2.5)
            svg += Self.text(line.name, x: legendX + 36, y: legendY + 4, anchor: "start")
        }
        let noteY = Self.top + 10 + Double(lines.count) * 24 + 10
        let noteX = Self.left + plotWidth + 20
        svg += Self.line(noteX, noteY, noteX + 28, noteY, color: "#444", width: 1.5, dashed: true)
        svg += Self.text("misses (dashed)", x: noteX + 36, y: noteY + 4, anchor: "start")
        svg += "</svg>\n"
        return svg
    }

    private var subtitle: String {
        let machine = report.machine
        return
            "median ns per lookup over \(report.runs) runs; \(machine.processor), \(machine.cores) cores, "
            + "\(machine.build) build; hits solid, misses dashed"
    }

    private static func routeLabel(_ value: Double) -> String {
        value >= 1000 ? "\(Int(value / 1000))k" : "\(Int(value))"
    }

    private static func timeLabel(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case 1e9...: "\(Int(nanoseconds / 1e9)) s"
        case 1e6...: "\(Int(nanoseconds / 1e6)) ms"
        case 1e3...: "\(Int(nanoseconds / 1e3)) µs"
        default: "\(Int(nanoseconds)) ns"
        }
    }

    private static func line(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, color: String, width: Double = 1,
        dashed: Bool = false
    ) -> String {
        let dash = dashed ? " stroke-dasharray=\"6 4\"" : ""
        return """
            <line x1="\(format(x1))" y1="\(format(y1))" x2="\(format(x2))" y2="\(format(y2))" \
            stroke="\(color)" stroke-width="\(width)"\(dash)/>

            """
    }

    private static func text(_ content: String, x: Double, y: Double, anchor: String) -> String {
        "<text x=\"\(format(x))\" y=\"\(format(y))\" text-anchor=\"\(anchor)\">\(escape(content))</text>\n"
    }

    private static func format(_ value: Double) -> String {
        String(Double(Int((value * 10).rounded())) / 10)
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
