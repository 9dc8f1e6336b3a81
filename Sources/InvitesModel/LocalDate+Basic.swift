import Foundation

extension LocalDate {
    /// `20261214`, as iCalendar writes a date.
    package init?(basic text: some StringProtocol) {
        guard text.count == 8, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber),
            let year = Int(text.prefix(4)), let month = Int(text.dropFirst(4).prefix(2)), let day = Int(text.suffix(2))
        else { return nil }
        self.init(iso: String(format: "%04d-%02d-%02d", year, month, day))
    }
}
