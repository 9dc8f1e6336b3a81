/// One invitation in one file, for telling which of those found before have gone.
public struct CalendarInvitationKey: Hashable, Sendable {
    public var path: String
    public var uid: String
}
