/// The code points of `text`, as the terminal layer reads a mouse report from the keyboard queue.
func codes(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }
