/// libxml2's parser error codes (its `xmlParserErrors`), which Foundation's XMLParser on Linux
/// reports as the NSError code with no text, as the end of a sentence about the file.
enum XMLSyntaxError {
    static func reason(code: Int) -> String {
        let what: String
        switch code {
        case 4: what = "the document is empty"
        case 5: what = "the document does not end where it should: an element is left open (is the file cut short?) or something follows the root element"
        case 6, 7, 8: what = "a character reference (&#…;) is not valid"
        case 9: what = "there is a character XML does not allow, or bytes that are not UTF-8"
        case 23: what = "an entity reference has no “;” (a bare “&” must be written “&amp;”)"
        case 26, 27: what = "an entity is used that is not declared"
        case 31, 32: what = "the file's encoding is not one that can be read"
        case 38: what = "there is a “<” inside an attribute value"
        case 39, 40, 41: what = "an attribute value is not quoted properly"
        case 42: what = "an attribute is given twice"
        case 68: what = "a name is missing where an element or attribute should start"
        case 73: what = "a “>” is missing"
        case 76: what = "an end tag does not match its start tag"
        case 77: what = "a tag is not finished"
        case 85: what = "the elements are not properly nested"
        case 86: what = "there is content after the root element"
        case 89: what = "an entity refers to itself or expands too far"
        case 201: what = "an element uses a namespace prefix that is not declared"
        default: what = "libxml2 error \(code)"
        }
        return "the file is not well-formed XML: \(what)"
    }
}
