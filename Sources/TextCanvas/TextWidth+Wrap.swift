extension TextWidth {
    /// Breaks `text` into lines of at most `width` columns at spaces (a word longer than a line
    /// is clipped).
    public static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if self.width(candidate) <= width || current.isEmpty {
                current = candidate
            } else {
                lines.append(current)
                current = word
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines.map { clipped($0, to: width) }
    }

    /// `wrap`, with every line after the first indented by `indent` spaces (a hanging indent), so
    /// that where one entry ends and the next begins shows at a glance.
    public static func wrapHanging(_ text: String, width: Int, indent: Int) -> [String] {
        guard width > indent + 8 else { return wrap(text, width: width) }
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let room = lines.isEmpty ? width : width - indent
            let candidate = current.isEmpty ? word : current + " " + word
            if self.width(candidate) <= room || current.isEmpty {
                current = candidate
            } else {
                lines.append(current)
                current = word
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines.enumerated().map { index, line in
            index == 0 ? clipped(line, to: width) : pad + clipped(line, to: width - indent)
        }
    }
}

