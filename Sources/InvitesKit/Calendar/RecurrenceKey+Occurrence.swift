import InvitesFormats
import InvitesModel

/// The key of an occurrence the calendar query found, which depends on the display zone for an
/// all-day one: Model names keys, the calendar finds occurrences.
extension RecurrenceKey {
    /// The key of one of an invitation's own occurrences: its original start, or its date in
    /// the display zone when it is all-day.
    package static func key(of occurrence: Occurrence, display: DisplayZone) -> String {
        let original = occurrence.recurrenceID ?? occurrence.start
        return occurrence.isAllDay ? LocalDate(original, in: display.timeZone).description : RFC3339.utc(original)
    }
}
