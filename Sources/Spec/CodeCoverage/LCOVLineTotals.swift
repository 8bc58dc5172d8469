/// An LCOV tracefile's line totals (`LF:`, `LH:`) counted again from its own line records
/// (`DA:`), so that each record's totals count every line once, as its lines do.
///
/// `llvm-cov export -format=lcov` takes them from its summary, which adds up each function's
/// lines: a line that holds a closure (the autoclosure of `??`, `&&` or `||`) is counted once
/// for the function around it and once for the closure, while the line records list it once.
enum LCOVLineTotals {
    /// `text` with each record's `LF:` and `LH:` made the number of its `DA:` lines and of those
    /// that ran; a record without them gets them before its `end_of_record`. Other lines are
    /// kept as they are.
    static func recounted(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var found = 0, hit = 0, wroteTotals = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let bare = line.hasSuffix("\r") ? line.dropLast() : line
            if bare.hasPrefix("SF:") {
                (found, hit, wroteTotals) = (0, 0, false)
            } else if bare.hasPrefix("DA:") {
                found += 1
                let fields = bare.dropFirst(3).split(separator: ",")
                if fields.count >= 2, let count = UInt64(fields[1]), count > 0 { hit += 1 }
            } else if bare.hasPrefix("LF:") {
                out += "LF:\(found)\n"
                continue
            } else if bare.hasPrefix("LH:") {
                out += "LH:\(hit)\n"
                wroteTotals = true
                continue
            } else if bare == "end_of_record", !wroteTotals {
                out += "LF:\(found)\nLH:\(hit)\n"
            }
            out += line
            out += "\n"
        }
        // split gives one piece more than there are newlines: drop the newline added after it.
        out.removeLast()
        return out
    }
}
