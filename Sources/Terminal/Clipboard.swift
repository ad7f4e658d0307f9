import Foundation

/// Text for the terminal's clipboard, by OSC 52 (`ESC ] 52 ; c ; base64 BEL`): the terminal
/// itself puts it on the system clipboard, over ssh too. tmux (with `set-clipboard on`, its
/// paste buffer then holds it too), kitty, iTerm2, foot, WezTerm and xterm (`allowWindowOps` or
/// `disallowedWindowOps` without SetSelection) accept it; others ignore it silently.
package enum Clipboard {
    /// The sequence that sets the clipboard (`c`) to `text`.
    package static func sequence(copying text: String) -> String {
        "\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}"
    }
}

extension Terminal {
    /// Puts `text` on the terminal's clipboard (`Clipboard`); whether it got there the terminal
    /// does not say.
    package func copyToClipboard(_ text: String) {
        send(Clipboard.sequence(copying: text))
    }
}
