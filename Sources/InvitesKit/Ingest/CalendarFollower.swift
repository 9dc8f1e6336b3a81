import Foundation

/// Brings the inbox in step with the invitations your calendars hold: those a scheduling
/// server put there appear as pending with no `ingest`, follow the server's changes (a new
/// time, your answer given on another device, a cancellation), and say so when their item goes.
///
/// Every listing runs it first; a calendar that did not change costs a stat
/// (``CalendarInvitationScanner``).
public struct CalendarFollower {
    public var store: InboxStore
    public var scanner: CalendarInvitationScanner
    public var calendars: [CalendarSource]

    public init(store: InboxStore, scanner: CalendarInvitationScanner, calendars: [CalendarSource]) {
        self.store = store
        self.scanner = scanner
        self.calendars = calendars
    }

    /// What following the calendars did.
    public struct Report: Sendable {
        /// Invitations seen for the first time, or changed in the calendar.
        public var filed: [IngestOutcome] = []
        /// Handles of invitations whose item left the calendar.
        public var gone: [String] = []
        /// Files that could not be read or used, for a warning.
        public var problems: [String] = []
    }

    public func follow() throws -> Report {
        var report = Report()
        let parser = ITIPParser(display: scanner.display)
        for calendar in calendars {
            let look: CalendarInvitationScanner.Look
            do {
                look = try scanner.look(at: calendar)
            } catch {
                report.problems.append(error.description)
                continue
            }
            guard !look.unchanged else { continue }
            for found in look.changed {
                let invites: [Invite]
                do {
                    invites = try parser.parse(
                        found.data, file: found.item.path, source: .calendar, fallbackMethod: "REQUEST")
                } catch {
                    report.problems.append(error.description)
                    continue
                }
                guard let invite = invites.first(where: { $0.uid == found.uid }) else { continue }
                let outcome: IngestOutcome?
                do {
                    outcome = try InvitationFiler(store: store).follow(found, invite: invite, now: scanner.now)
                } catch let refusal as ForeignUpdate {
                    report.problems.append("\(found.item.path): \(refusal.description)")
                    continue
                }
                if let outcome, outcome.result != .unchanged { report.filed.append(outcome) }
            }
            report.gone += try store.markGone(in: calendar.path, present: look.present, now: scanner.now)
            look.commit()
        }
        return report
    }
}
