import Foundation
import InvitesFormats
import InvitesModel

/// `ingest` as a library call, for the command and for anything that takes invitations in
/// without a command line (`review`'s "this message", a watcher): inputs in, what each became
/// out, and what happened along the way told to `events` as it happens, so that a caller prints
/// it in the order it came.
package struct IngestController {
    package var store: InboxStore
    package var display: DisplayZone
    package var clock: @Sendable () -> Date
    /// The responder that keeps the calendar in step with updates to invitations an earlier
    /// answer put there; asked for only when an update or a cancellation came.
    package var responder: () throws -> Responder
    /// The note a pass over Maildirs with nothing new leaves for the next one to end early;
    /// `nil` where nothing may skip the store (a command that looks into calendars first).
    package var shortcut: MaildirShortcut?
    /// Your addresses: whose delegate a REPLY may speak for (``DelegateReply``).
    package var me: MyAddresses
    /// Where a calendar file's UIDs are kept between runs (``UIDCollisions``), opened only when
    /// a new invitation is to be looked for there; `nil` scans the file.
    package var cache: () -> CalendarIndexStorage?

    package init(
        store: InboxStore, display: DisplayZone, clock: @escaping @Sendable () -> Date,
        responder: @escaping () throws -> Responder, shortcut: MaildirShortcut? = nil,
        me: MyAddresses = MyAddresses([]), cache: @escaping () -> CalendarIndexStorage? = { nil }
    ) {
        self.store = store
        self.display = display
        self.clock = clock
        self.responder = responder
        self.shortcut = shortcut
        self.me = me
        self.cache = cache
    }

    /// Something worth telling while ingesting.
    package enum Event {
        /// A value libical dropped, or another warning of the reader.
        case warning(String)
        /// An input that was not ingested, and why.
        case failed(name: String, error: Error)
        /// An organizer's DECLINECOUNTER filed on the invitation it answers; `already` when the
        /// history held it.
        case proposalDeclined(stored: StoredInvite, comment: String?, already: Bool)
        /// Your delegate's REPLY filed on the invitation you delegated to them (its entry);
        /// `already` when the history held it.
        case delegateAnswered(stored: StoredInvite, entry: HistoryEntry, already: Bool)
        /// The calendar copy an earlier answer wrote was brought in step with an update.
        case followed(handle: String, cancelled: Bool, path: String)
        /// A new invitation's UID is held in your calendar by something that is not its copy
        /// (your own event, another organizer's meeting): accepting it will be refused.
        case collision(handle: String, error: CalendarError)
    }

    /// One input: its name for messages, and how to read it.
    package struct Input {
        package var name: String
        package var read: () throws -> Data

        package init(name: String, read: @escaping () throws -> Data) {
            self.name = name
            self.read = read
        }
    }

    /// What a run took in.
    package struct Report {
        package var outcomes: [IngestOutcome] = []
        /// The inputs (files, Maildirs and their messages that named a calendar part) not
        /// ingested, with why.
        package var failed: [(name: String, error: Error)] = []
        /// How many inputs there were, for the exit status.
        package var inputs = 0

        package init(inputs: Int = 0) {
            self.inputs = inputs
        }
    }

    /// Reads each input and each Maildir's messages not read before, files what they hold in
    /// one transaction per input set, and keeps the calendar in step. `readFile` reads a
    /// Maildir's message, `nil` when it is gone (a mail client moved it meanwhile).
    package func ingest(
        _ inputs: [Input], maildirs: [String], readFile: (String) throws -> Data?, events: (Event) -> Void
    ) throws -> Report {
        var report = Report()
        report.inputs = inputs.count
        var invites: [Invite] = []
        var names: [String] = []
        for input in inputs {
            do {
                let data = try input.read()
                do {
                    let read = try self.read(data, name: input.name, events: events)
                    invites += read
                    names += Array(repeating: input.name, count: read.count)
                } catch IngestError.notForAttendee(_, let method) where method == "DECLINECOUNTER" {
                    try fileDeclinedProposals(data, name: input.name, events: events)
                } catch IngestError.notForAttendee(_, let method) where method == "REPLY" {
                    try fileDelegateReplies(data, name: input.name, events: events)
                }
            } catch {
                events(.failed(name: input.name, error: error))
                report.failed.append((input.name, error))
            }
        }
        report.outcomes = try file(invites, from: names, events: events) { report.failed.append($0) }
        // Taken before the store is asked, so that a write by anyone meanwhile voids the note.
        let store = inputs.isEmpty ? shortcut?.storeStamps() : nil
        // Each folder's stamps while every pass finds its folder as the store recorded it.
        var unchanged: [String: [FolderStamp?]]? = [:]
        for path in maildirs {
            report.inputs += 1
            do {
                let maildir = try Maildir(path)
                let read = try ingest(maildir, readFile: readFile, events: events)
                report.outcomes += read.outcomes
                report.inputs += read.messages
                report.failed += read.failed
                if let stamps = read.unchanged { unchanged?[maildir.folder] = stamps } else { unchanged = nil }
            } catch {
                events(.failed(name: path, error: error))
                report.failed.append((path, error))
                unchanged = nil
            }
        }
        if let shortcut, let store, let unchanged, !unchanged.isEmpty, report.failed.isEmpty {
            shortcut.record(unchanged, store: store)
        }
        return report
    }

    /// Reads every invite in one input, telling what was dropped along the way.
    package func read(_ data: Data, name: String, events: (Event) -> Void) throws -> [Invite] {
        var warnings: [String] = []
        let invites = try InviteReader(display: display).read(data, file: name) {
            if !warnings.contains($0) { warnings.append($0) }
        }
        for warning in warnings { events(.warning(warning)) }
        return invites
    }

    /// Files the invites read from the input `name` in one transaction and keeps the calendar
    /// in step with them; those that claim to change another organizer's meeting are told as
    /// failed (``ForeignUpdate``) and change nothing.
    package func file(_ invites: [Invite], from name: String, events: (Event) -> Void) throws -> [IngestOutcome] {
        try file(invites, from: Array(repeating: name, count: invites.count), events: events) { _ in }
    }

    /// Files invites read from the inputs `names` gives, one for each; a refusal is told to
    /// `events` as a failed input and handed to `refused` for the report.
    private func file(
        _ invites: [Invite], from names: [String], events: (Event) -> Void,
        refused: ((name: String, error: Error)) -> Void
    ) throws -> [IngestOutcome] {
        guard !invites.isEmpty else { return [] }
        let outcomes = try InvitationFiler(store: store).file(invites, now: clock()) { place, refusal in
            let name = names[place]
            let error = IngestError.notTheOrganizer(file: name, refusal: refusal)
            events(.failed(name: name, error: error))
            refused((name, error))
        }
        // A warning, never a reason to fail the filing: without a calendar to look into (or a
        // store to ask), there is nothing to warn of.
        if outcomes.contains(where: { $0.result == .new }), let responder = try? self.responder() {
            var lookups = UIDCollisions.Lookups(index: cache(), clock: clock)
            for outcome in outcomes where outcome.result == .new {
                if let error = try? responder.collision(of: outcome.stored, lookups: &lookups) {
                    events(.collision(handle: outcome.stored.handle, error: error))
                }
            }
        }
        guard outcomes.contains(where: { $0.result == .cancelled || $0.result == .updated }) else { return outcomes }
        let responder = try self.responder()
        for outcome in outcomes {
            if case .rewritten(let path)? = try responder.follow(outcome, now: clock()) {
                events(.followed(handle: outcome.stored.handle, cancelled: outcome.result == .cancelled, path: path))
            }
        }
        return outcomes
    }

    /// What one pass over a Maildir did.
    private struct MaildirPass {
        var outcomes: [IngestOutcome] = []
        var messages = 0
        var failed: [(name: String, error: Error)] = []
        var unchanged: [FolderStamp?]?
    }

    /// Reads the messages of a Maildir not read before; a message without an invitation is
    /// passed over, one whose invitation cannot be read is reported, and all are remembered.
    /// `messages` counts those that named a calendar part; `unchanged` holds the subfolders'
    /// stamps when both were as the store recorded them, and nothing was read.
    ///
    /// A subfolder whose stamp is the one recorded when all of it was read is not listed:
    /// messages never change in place, and delivery and new flags are renames, which move the
    /// folder's stamp on (notmuch trusts it the same way). Each subfolder is stamped before it
    /// is listed, so a message arriving meanwhile leaves a stamp that differs from the recorded
    /// one.
    private func ingest(_ maildir: Maildir, readFile: (String) throws -> Data?, events: (Event) -> Void) throws
        -> MaildirPass
    {
        let known = try store.folderStamps(in: maildir.folder)
        var stamps: [String: FolderStamp?] = [:]
        for subfolder in Maildir.subfolders {
            let stamp = maildir.stamp(of: subfolder)
            if stamp != known[subfolder] { stamps[subfolder] = stamp }
        }
        guard !stamps.isEmpty else { return MaildirPass(unchanged: Maildir.subfolders.map { known[$0] }) }
        // The file system's clock, not the injected one: it is the clock the stamps come from.
        let listedAt = Int64(Date().timeIntervalSince1970)
        let seen = SeenMessages(digests: try store.seenMessageDigests(in: maildir.folder))
        var invites: [Invite] = []
        var names: [String] = []
        // In the order they are read (name order), which is also the order of the store's
        // index of them: inserted in a random order, 100,000 keys thrash its page cache.
        var taken: [String] = []
        var takenKeys = Set<String>()
        var messages = 0
        var failed: [(name: String, error: Error)] = []
        var unreadable = false
        let listed = Maildir.subfolders.filter { (stamps[$0] ?? nil) != nil }
        for message in try maildir.messages(in: listed, except: seen) where !takenKeys.contains(message.key) {
            let read: Data?
            do {
                read = try readFile(message.path)
            } catch {
                // Not remembered, and the folders not stamped: the next run tries it again.
                unreadable = true
                events(.failed(name: message.path, error: error))
                failed.append((message.path, error))
                continue
            }
            // Gone between listing and reading: a client moved it (new/ to cur/); the next run
            // finds it under its new name, in a folder whose stamp the move changed.
            guard let data = read else { continue }
            taken.append(message.key)
            takenKeys.insert(message.key)
            guard Maildir.mayHoldInvitation(data) else { continue }
            messages += 1
            do {
                do {
                    let read = try self.read(data, name: message.path, events: events)
                    invites += read
                    names += Array(repeating: message.path, count: read.count)
                } catch IngestError.notForAttendee(_, let method) where method == "DECLINECOUNTER" {
                    // An organizer's answer to a proposal: filed when its invitation is here,
                    // passed over like any other message for an organizer when it is not.
                    do {
                        try fileDeclinedProposals(data, name: message.path, events: events)
                    } catch let error as IngestError {
                        // One in another organizer's name is told; any other is passed over.
                        if case .notTheOrganizer = error { throw error }
                        continue
                    }
                } catch IngestError.notForAttendee(_, let method) where method == "REPLY" {
                    // Your delegate's answer is filed, one in their name from someone else told;
                    // replies to your own meetings pass.
                    do {
                        try fileDelegateReplies(data, name: message.path, quiet: true, events: events)
                    } catch let error as IngestError {
                        if case .notYourDelegate = error { throw error }
                        continue
                    }
                }
            } catch IngestError.notAnInvite, IngestError.notForAttendee {
                // Ordinary mail, and replies to invitations of your own: nothing to take in.
                messages -= 1
            } catch {
                events(.failed(name: message.path, error: error))
                failed.append((message.path, error))
            }
        }
        let outcomes = try file(invites, from: names, events: events) { failed.append($0) }
        // A folder stamped within the tick of its listing may yet change without its stamp
        // moving: it is forgotten, and so listed again next time.
        let settled = stamps.mapValues { stamp -> FolderStamp? in
            guard let stamp, !unreadable, stamp.isSettled(at: listedAt) else { return nil }
            return stamp
        }
        try store.markSeen(taken, in: maildir.folder, now: clock(), stamps: settled)
        return MaildirPass(outcomes: outcomes, messages: messages, failed: failed)
    }

    /// Files an organizer's DECLINECOUNTER on the invitation it answers: it is an answer to a
    /// proposal of yours, not an invitation, and not a mistake to refuse. One for an invitation
    /// the inbox does not hold is refused (exit 65), as nothing would show it.
    package func fileDeclinedProposals(_ data: Data, name: String, events: (Event) -> Void) throws {
        let declined = try InviteReader(display: display).declinedProposals(data, file: name)
        for item in declined {
            guard let stored = try store.find(uid: item.uid) else {
                throw IngestError.notAnInvite(
                    file: name,
                    reason: "a DECLINECOUNTER for \(Printable.quoted(item.uid, limit: 60)), which is not in the inbox")
            }
            guard ForeignUpdate.sameOrganizer(item.organizer, stored.invite.organizer) else {
                throw IngestError.notTheOrganizer(
                    file: name,
                    refusal: ForeignUpdate(
                        uid: item.uid, title: stored.invite.title, onFile: Invite.Person.shown(stored.invite.organizer),
                        claimed: Invite.Person.shown(item.organizer), verb: "decline your proposal for"))
            }
            let recorded = try store.recordDeclinedProposal(item, for: stored, now: clock())
            events(.proposalDeclined(stored: stored, comment: item.comment, already: recorded == nil))
        }
    }
}
