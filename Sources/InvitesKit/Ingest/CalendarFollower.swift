import Foundation
import InvitesModel

/// Brings the inbox in step with the invitations your calendars hold: those a scheduling
/// server put there appear as pending with no `ingest`, follow the server's changes (a new
/// time, your answer given on another device, a cancellation), and say so when their item goes.
///
/// Every listing runs it first; a calendar that did not change costs a stat
/// (``CalendarInvitationScanner``).
package struct CalendarFollower {
    package var store: InboxStore
    package var scanner: CalendarInvitationScanner
    package var calendars: [CalendarSource]

    package init(store: InboxStore, scanner: CalendarInvitationScanner, calendars: [CalendarSource]) {
        self.store = store
        self.scanner = scanner
        self.calendars = calendars
    }

    /// What following the calendars did.
    package struct Report: Sendable {
        /// Invitations seen for the first time, or changed in the calendar.
        package var filed: [IngestOutcome] = []
        /// Handles of invitations whose item left the calendar.
        package var gone: [String] = []
        /// Files that could not be read or used, for a warning.
        package var problems: [String] = []
    }

    package func follow() throws -> Report {
        var report = Report()
        let parser = ITIPParser(display: scanner.display)
        // Read once, and only when some calendar changed: most looks read no item.
        var held: Set<String>??
        let uids = { () -> Set<String>? in
            if let held { return held }
            let read = try? store.uids()
            held = .some(read)
            return read
        }
        // The invitations of one vdir item share its bytes: parsed once for all of them, not
        // once each (an item of 502 invitations took 22 s).
        var parsed: (data: Data, invites: [String: Invite])?
        for calendar in calendars {
            let look: CalendarInvitationScanner.Look
            do {
                look = try scanner.look(at: calendar, held: uids) { (try? store.holdsAny(uids: $0)) ?? false }
            } catch {
                report.problems.append(error.description)
                continue
            }
            guard !look.unchanged else {
                // What an unchanged look learnt (a folder's new stamp) saves the next its stats.
                look.commit()
                continue
            }
            // One transaction for the calendar: each invitation committed apart cost a flush to
            // the disk each (4 of them for one item a sync placed, 32 on a first look), on a busy
            // disk more than the look itself. What fails to file rolls back alone (its own
            // transaction nests), and the look is committed only after.
            var failure: (any Error)?
            try store.transaction { () throws(StoreError) in
                for found in look.changed {
                    if parsed == nil || parsed?.data.count != found.data.count || parsed?.data != found.data {
                        do {
                            let invites = try parser.parse(
                                found.data, file: found.item.path, source: .calendar, fallbackMethod: "REQUEST")
                            // The first of a UID, as the follower always took it.
                            parsed = (found.data, Dictionary(invites.map { ($0.uid, $0) }) { first, _ in first })
                        } catch {
                            parsed = nil
                            report.problems.append(String(describing: error))
                            continue
                        }
                    }
                    guard let invite = parsed?.invites[found.uid] else { continue }
                    let outcome: IngestOutcome?
                    do {
                        outcome = try InvitationFiler(store: store).follow(found, invite: invite, now: scanner.now)
                    } catch let refusal as ForeignUpdate {
                        report.problems.append("\(found.item.path): \(refusal.description)")
                        continue
                    } catch let error as StoreError {
                        throw error
                    } catch {
                        // Kept for the caller, as before, with what was filed until then.
                        failure = error
                        return
                    }
                    if let outcome, outcome.result != .unchanged { report.filed.append(outcome) }
                }
                report.gone += try store.markGone(in: calendar.path, present: look.present, now: scanner.now)
            }
            if let failure { throw failure }
            // What this calendar filed is held now, for the next calendar's look.
            if case .some(.some(var known)) = held {
                known.formUnion(look.changed.map(\.uid))
                held = .some(known)
            }
            look.commit()
        }
        return report
    }
}
