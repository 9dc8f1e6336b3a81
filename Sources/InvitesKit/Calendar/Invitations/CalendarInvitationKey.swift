/// One invitation in one file, for telling which of those found before have gone.
package struct CalendarInvitationKey: Hashable, Sendable {
    package var path: String
    package var uid: String
}
