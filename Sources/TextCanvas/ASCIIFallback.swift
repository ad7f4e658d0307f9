/// What a character becomes where the locale is not UTF-8 (`LANG=C`) and only ASCII can be shown.
///
/// One table for everything the program writes itself — arrows, dashes, quotes, `≈`, `·`, `×`,
/// `…`, primes, box lines — so that no glyph of ours ever turns into `?`. Latin letters with
/// accents lose them (`ü` → `u`), as names typed by users often have them. Anything else has no
/// ASCII form and is left to `Glyph`, which shows `?`.
///
/// `TextWidth.glyphs` applies it, and so does everything built on it: `Surface.text`, the width
/// measurements and `TextWidth.printable`, so what is measured is what is drawn or printed.
enum ASCIIFallback {
    /// The ASCII text for `character`, when it has one and is not ASCII already. It depends on
    /// the character alone, so that measuring a text character by character (a text field)
    /// agrees with drawing it whole.
    static func text(for character: Character) -> String? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first, !scalar.isASCII else {
            return character.isASCII ? nil : foldedLetter(character)
        }
        return table[scalar] ?? foldedLetter(character)
    }

    static let table: [Unicode.Scalar: String] = [
        // Arrows: routes ("A → B"), key names ("Shift-↓" is "Shift-Down", not "Shift-v").
        "→": "->", "←": "<-", "↑": "Up", "↓": "Down", "↔": "<->", "⇒": "=>",
        // Punctuation and typography.
        "—": "--", "–": "-", "‒": "-", "―": "--", "−": "-", "‐": "-", "‑": "-",
        "“": "\"", "”": "\"", "„": "\"", "«": "\"", "»": "\"", "‘": "'", "’": "'", "‚": "'",
        "′": "'", "″": "\"", "…": "...", "·": "-", "•": "*", "◆": "*", "§": "S", "¶": "P",
        "\u{00A0}": " ", "\u{2009}": " ", "\u{202F}": " ", "\u{2007}": " ",
        // Mathematics and units. The degree sign is PROJ's ASCII "d" ("36.6002d N",
        // "36d36'1\"N"): one column, so coordinates keep the width they have in UTF-8.
        "°": "d", "º": "d", "˚": "d",
        "≈": "~", "×": "x", "÷": "/", "±": "+/-", "≤": "<=", "≥": ">=", "≠": "!=", "∞": "inf",
        "²": "2", "³": "3", "¹": "1", "½": "1/2", "¼": "1/4", "¾": "3/4", "µ": "u",
        // Box drawing, scroll bars, blocks.
        "─": "-", "━": "-", "│": "|", "┃": "#", "┌": "+", "┐": "+", "└": "+", "┘": "+",
        "├": "|", "┤": "|", "┬": "+", "┴": "+", "┼": "+", "█": "#", "▀": "#", "▄": "#", "▌": "#", "▐": "#",
        "€": "EUR", "£": "GBP", "¥": "JPY",
        // Letters that are not a base letter plus an accent.
        "ß": "ss", "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "Ø": "O", "ø": "o", "Ł": "L", "ł": "l",
        "Đ": "D", "đ": "d", "Ð": "D", "ð": "d", "Þ": "Th", "þ": "th", "ı": "i",
    ]

    /// A Latin letter with accents as its base letter: Unicode names it "LATIN SMALL LETTER U
    /// WITH DIAERESIS", and a decomposed "u" + combining mark has an ASCII first scalar.
    private static func foldedLetter(_ character: Character) -> String? {
        guard let base = character.unicodeScalars.first else { return nil }
        if base.isASCII {
            let marksOnly = character.unicodeScalars.dropFirst().allSatisfy { $0.properties.generalCategory == .nonspacingMark }
            return marksOnly && base.properties.isAlphabetic ? String(Character(base)) : nil
        }
        guard character.unicodeScalars.count == 1, let name = base.properties.name else { return nil }
        for (prefix, capital) in [("LATIN SMALL LETTER ", false), ("LATIN CAPITAL LETTER ", true)] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let letter = rest.first, letter.isASCII, letter.isLetter,
                rest.count == 1 || rest.dropFirst().hasPrefix(" WITH ")
            else { return nil }
            return capital ? String(letter) : letter.lowercased()
        }
        return nil
    }
}
