import Foundation
import InvitesFormats
import InvitesModel

/// What a series is expanded from where the inbox asks when it is over or what comes next:
/// the message it came in, but for a task, whose VTODOs the calendar's scanner never reads as
/// time. A task's series is expanded from the invitation's own copy, its VTODOs read as the
/// VEVENTs their times make (``ITIPComposer/organizerCopy(of:display:)``), so that a task due
/// every month is not taken as over after its first.
enum TaskSeries {
    static func expandable(_ stored: StoredInvite, display: DisplayZone) -> Data {
        guard stored.invite.properties?.isTask == true, stored.invite.source != .push else { return stored.invite.raw }
        return ITIPComposer.organizerCopy(of: stored, display: display)
    }
}
