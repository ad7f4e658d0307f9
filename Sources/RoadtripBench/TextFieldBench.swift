import Foundation
import Terminal

/// `roadtrip-bench --text-field`: a 100,000-character paste into an unbounded field (a stop's
/// notes), a key at a time, the text read after each as the screens do. Rebuilding the text from
/// its characters at every read made it quadratic; kept in step, it is linear. The unit test
/// (`TextFieldTests`) checks the text; this measures the time, against a budget of 500 ms.
func textFieldBench() {
    let paste = String(repeating: "é東x😀 ", count: 20_000)
    var times: [Double] = []
    for _ in 0..<3 {
        var field = TextField()
        var length = 0
        times.append(
            milliseconds {
                for character in paste {
                    _ = field.handle(.character(character))
                    length = field.text.utf8.count
                }
            })
        precondition(length == paste.utf8.count)
    }
    let median = times.sorted()[1]
    print(
        "text field: a 100,000-character paste, the text read after each key, 3 runs: median \(format(median)) (budget 500 ms: \(median <= 500 ? "met" : "NOT MET"))"
    )
}
