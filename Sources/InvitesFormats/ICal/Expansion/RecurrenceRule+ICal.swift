internal import CLibical
import Foundation

extension RecurrenceRule {
    /// `rule` as libical read it, through the text libical writes of it; `nil` when that text
    /// has a part not read here.
    init?(_ rule: icalrecurrencetype) {
        var copy = rule
        guard let text = icalrecurrencetype_as_string_r(&copy) else { return nil }
        defer { free(text) }
        self.init(String(cString: text))
    }
}

extension RecurrenceRule.Start {
    /// DTSTART's wall clock, whatever zone it is in.
    init(_ time: icaltimetype) {
        self.init(
            year: Int(time.year), month: Int(time.month), day: Int(time.day), hour: Int(time.hour),
            minute: Int(time.minute), second: Int(time.second), isDate: time.is_date != 0)
    }
}
