import Foundation
import InvitesFormats
import InvitesModel
import InvitesSystem

/// `invites watch`: takes in what arrives in the Maildirs and the calendars as it arrives,
/// tells of each new, changed or cancelled invitation, and answers from the notification.
///
/// One thread sleeps in one `poll` over the signal pipe, the inotify descriptor and the bus's
/// descriptors, so an idle `watch` costs no CPU time. Mail is taken in through
/// ``IngestController`` (the store's "read once" memory and locks, so `ingest` can run beside
/// it); the calendars through ``CalendarFollower``. What is told is kept in the
/// ``NotifiedJournal``, so that a restart after SIGKILL tells what was filed but not told,
/// and nothing twice.
package final class WatchLoop {
    /// Where events go.
    package enum Notify: Equatable, Sendable {
        /// The desktop's notification server on the session bus.
        case desktop
        /// The `notify_command`, run once per event.
        case command([String])
        /// Nowhere: invitations are taken in, and `status` tells of them.
        case none
    }

    /// What a run works with, made from the settings at the start and again on SIGHUP.
    package struct Setup {
        /// The folder of the store, where the lock and the journal go.
        package var home: String
        package var maildirs: [String]
        /// The calendars to follow (invitations your server put there); empty when none can
        /// be followed (no address of yours is set).
        package var calendars: [CalendarSource]
        package var notify: Notify
        /// The `open` command, to which the handle is added, for the Show action.
        package var open: [String]
        package var zone: DisplayZone
        package var ingest: IngestController
        /// A follower of ``calendars`` as of now.
        package var follower: () throws -> CalendarFollower
        /// What finds an invitation's conflicts.
        package var show: ShowController
        /// What answers from a notification, as the commands answer.
        package var answer: () throws -> AnswerController
        /// The `nudge` setting: seconds before an invitation's start at which one still
        /// waiting for your answer is told again (``Nudge``); empty for `never`.
        package var nudges: [Int]

        package init(
            home: String, maildirs: [String], calendars: [CalendarSource], notify: Notify, open: [String],
            zone: DisplayZone, ingest: IngestController, follower: @escaping () throws -> CalendarFollower,
            show: ShowController, answer: @escaping () throws -> AnswerController, nudges: [Int]
        ) {
            self.nudges = nudges
            self.home = home
            self.maildirs = maildirs
            self.calendars = calendars
            self.notify = notify
            self.open = open
            self.zone = zone
            self.ingest = ingest
            self.follower = follower
            self.show = show
            self.answer = answer
        }
    }

    /// How a run ends.
    package struct Options: Sendable {
        /// Take in what is there, tell of it, wait for answers at most ``wait`` seconds, end.
        package var once: Bool
        package var wait: TimeInterval
        /// How often every folder is looked at where inotify cannot tell.
        package var pollInterval: TimeInterval
        /// What ends the process when the loop is still busy ``grace`` seconds after SIGTERM or
        /// SIGINT (``TerminationGuard``); `nil` leaves the loop to end by itself.
        package var overdue: (@Sendable () -> Void)?
        package var grace: TimeInterval

        package init(
            once: Bool, wait: TimeInterval, pollInterval: TimeInterval = 5, grace: TimeInterval = 2,
            overdue: (@Sendable () -> Void)? = nil
        ) {
            self.once = once
            self.wait = wait
            self.pollInterval = pollInterval
            self.grace = grace
            self.overdue = overdue
        }
    }

    /// How long after a change the folders are read, so that a burst of mail is read in a few
    /// passes rather than one per message.
    static let settle: TimeInterval = 0.1

    private let makeSetup: () throws -> Setup
    private let clock: () -> Date
    private let log: (String) -> Void
    private let note: (String) -> Void
    private var setup: Setup
    private var notifier: Notifier?
    private var watcher: FolderWatcher
    private var journal: NotifiedJournal
    private let lock: WatchLock
    /// What was said once, not to be said again until it changes.
    private var said: Set<String> = []
    /// When no notification server took the last call; `nil` while one does.
    private var absence: ServerAbsence?
    /// Invitations filed while no notification server took a call, to be told when one does.
    private var missed: Set<String> = []
    /// What keeps the notifications up in step with answers given elsewhere.
    private var follower = NotificationFollower()
    /// Ends the process when a signal to end finds the loop busy; tells the loop to leave.
    private var termination: TerminationGuard?
    /// When the earliest answer held for a server's copy is to be settled though no folder
    /// changed: the end of its wait.
    private var heldDue: Date?
    /// When the next nudge comes (``nudge()``), though no folder changes.
    private var nudgeDue: Date?

    /// Makes the setup and takes the store's lock: a second `watch` of the same store ends here
    /// (``WatchError/alreadyRunning(lock:pid:)``). `log` is for `--verbose`; `note` for what the
    /// user must know (polling, no notification server, a failed command), each said once.
    package init(
        setup makeSetup: @escaping () throws -> Setup, clock: @escaping () -> Date, log: @escaping (String) -> Void,
        note: @escaping (String) -> Void
    ) throws {
        self.makeSetup = makeSetup
        self.clock = clock
        self.log = log
        self.note = note
        let setup = try makeSetup()
        self.setup = setup
        lock = try WatchLock(path: (setup.home as NSString).appendingPathComponent("watch.lock"))
        journal = try NotifiedJournal(
            path: (setup.home as NSString).appendingPathComponent("watch-notified"), now: clock())
        watcher = FolderWatcher(targets: WatchLoop.targets(setup))
        notifier = WatchLoop.notifier(setup)
    }

    /// Runs until SIGTERM or SIGINT (or, with `once`, until answered or timed out).
    package func run(_ options: Options) throws {
        let signals = try SignalPipe(signals: [SIGTERM, SIGINT, SIGHUP])
        Posix.ignore(SIGPIPE)
        termination = try options.overdue.map {
            try TerminationGuard(signals: signals, grace: options.grace, overdue: $0)
        }
        defer {
            termination?.finish()
            termination = nil
        }
        defer { journal.close(now: clock()) }
        started()
        try tellAtStart()
        nudge()
        let deadline = clock().addingTimeInterval(options.wait)
        var dirty = Set<String>()
        var due: Date?
        var nextLook = clock().addingTimeInterval(options.pollInterval)
        while true {
            if options.once, notifier?.waiting != true || clock() >= deadline { return }
            var wakeups: [Date] = []
            if let due { wakeups.append(due) }
            if watcher.descriptor == nil { wakeups.append(nextLook) }
            if let look = follower.nextLook { wakeups.append(look) }
            if let absence, !missed.isEmpty { wakeups.append(absence.retryAt) }
            if options.once { wakeups.append(deadline) }
            if let heldDue { wakeups.append(heldDue) }
            if let nudgeDue { wakeups.append(nudgeDue) }
            let bus: (descriptors: [pollfd], timeout: Int32) = notifier?.descriptors() ?? ([], -1)
            var timeout = bus.timeout
            if let soonest = wakeups.min() {
                let milliseconds = Int32(
                    clamping: Int((max(0, soonest.timeIntervalSince(clock())) * 1000).rounded(.up)))
                timeout = timeout < 0 ? milliseconds : min(timeout, milliseconds)
            }
            var descriptors = [
                pollfd(fd: termination?.descriptor ?? signals.descriptor, events: Int16(POLLIN), revents: 0)
            ]
            if let inotify = watcher.descriptor {
                descriptors.append(pollfd(fd: inotify, events: Int16(POLLIN), revents: 0))
            }
            let own = descriptors.count
            descriptors += bus.descriptors
            _ = try Posix.poll(&descriptors, timeout: timeout)
            for signal in termination?.received() ?? signals.received() {
                switch signal {
                case SIGHUP:
                    try reload()
                    dirty.formUnion(setup.maildirs)
                    dirty.insert(WatchLoop.calendarTag)
                    due = clock()
                default:
                    log("signal \(signal): ending")
                    return
                }
            }
            if watcher.descriptor != nil, descriptors[own - 1].revents != 0 {
                var changed = watcher.changed()
                if changed.remove(WatchLoop.storeTag) != nil { follower.written(at: clock()) }
                if !changed.isEmpty {
                    log("changed: \(changed.sorted().joined(separator: ", "))")
                    dirty.formUnion(changed)
                    due = due ?? clock().addingTimeInterval(WatchLoop.settle)
                }
            }
            if let notifier {
                for action in notifier.dispatch(Array(descriptors[own...])) { try handle(action) }
            }
            if watcher.descriptor == nil, clock() >= nextLook {
                dirty.formUnion(setup.maildirs)
                dirty.insert(WatchLoop.calendarTag)
                due = clock()
                follower.written(at: clock())
                nextLook = clock().addingTimeInterval(options.pollInterval)
            }
            if let when = heldDue, clock() >= when { settleHeldAnswers() }
            if let when = due, clock() >= when {
                let maildirs = setup.maildirs.filter { dirty.contains($0) }
                let calendars = dirty.contains(WatchLoop.calendarTag)
                dirty = []
                due = nil
                try pass(maildirs: maildirs, calendars: calendars)
                nudge()
            }
            if let when = nudgeDue, clock() >= when { nudge() }
            if follower.due(at: clock()) { follow(always: false) }
            if let absence, !missed.isEmpty, absence.allowsTry(at: clock()) { try tellMissed() }
            Posix.reapChildren()
        }
    }

    static let calendarTag = "calendars"
    /// The tag of the store's files, written by every `invites` that answers.
    static let storeTag = "store"

    /// The folders to watch: each Maildir's `new/` and `cur/`, each vdir, the folder of each
    /// calendar file (for its name), and, for desktop notifications, the store's files (for
    /// answers given elsewhere while a notification is up).
    static func targets(_ setup: Setup) -> [FolderWatcher.Target] {
        var targets: [FolderWatcher.Target] = []
        for maildir in setup.maildirs {
            for sub in ["new", "cur"] {
                targets.append(
                    .init(folder: (maildir as NSString).appendingPathComponent(sub), names: nil, tag: maildir))
            }
        }
        for calendar in setup.calendars {
            if calendar.layout == .vdir {
                targets.append(.init(folder: calendar.path, names: nil, tag: calendarTag))
            } else {
                let folder = (calendar.path as NSString).deletingLastPathComponent
                targets.append(
                    .init(
                        folder: folder.isEmpty ? "." : folder, names: [(calendar.path as NSString).lastPathComponent],
                        tag: calendarTag))
            }
        }
        if setup.notify == .desktop {
            targets.append(
                .init(
                    folder: setup.home, names: [InboxStore.fileName, InboxStore.fileName + "-wal"], tag: storeTag,
                    modifications: true))
        }
        return targets
    }

    private static func notifier(_ setup: Setup) -> Notifier? {
        switch setup.notify {
        case .desktop: return DesktopNotifier()
        case .command(let command): return CommandNotifier(command: command, zone: setup.zone)
        case .none: return nil
        }
    }

    private func started() {
        if let reason = watcher.pollingReason { sayOnce("\(reason): looking at the folders every few seconds instead") }
        let watched =
            setup.maildirs.map { Printable.sanitize($0) } + setup.calendars.map { Printable.sanitize($0.path) }
        log("watching \(watched.isEmpty ? "nothing" : watched.joined(separator: ", "))")
    }

    /// SIGHUP: the settings read again; the watches and the notifier made anew where they
    /// changed.
    private func reload() throws {
        let fresh: Setup
        do {
            fresh = try makeSetup()
        } catch {
            note("the settings could not be read again, the old ones stay: \(error)")
            return
        }
        let targetsChanged = WatchLoop.targets(fresh) != WatchLoop.targets(setup)
        let notifyChanged = fresh.notify != setup.notify
        setup = fresh
        if targetsChanged {
            watcher = FolderWatcher(targets: WatchLoop.targets(fresh))
            if let reason = watcher.pollingReason {
                sayOnce("\(reason): looking at the folders every few seconds instead")
            }
        }
        if notifyChanged { notifier = WatchLoop.notifier(fresh) }
        said = []
        log("settings read again")
    }

    /// Puts answers held for your server's copy of a mailed invitation where they belong now
    /// (``AnswerController/settleHeld(now:failed:)``), as every command does when it opens the
    /// store: `watch` may be the only thing that runs while the copy arrives or the wait ends.
    /// Then sets when to wake for the next wait to end, since no folder changes to wake it.
    private func settleHeldAnswers() {
        do {
            let controller = try setup.answer()
            let settled = try controller.settleHeld(now: clock()) { handle, error in
                log("\(handle): the answer held for your server's copy stays held: \(error)")
            }
            for one in settled { log("\(one.handle): the answer held for your server's copy was settled") }
            heldDue = try controller.nextHeldSettle(now: clock())
        } catch {
            sayOnce("held answers could not be settled: \(error)")
            heldDue = clock().addingTimeInterval(AnswerController.heldRetry)
        }
    }

    /// How many invitations waiting at a start are told in one notification rather than one
    /// each: more than three (a Maildir of fifty once gave fifty notifications at once; two or
    /// three are still a glance each, and each names its title).
    static let gathered = 4

    /// The first look: what waits already is told in one notification when more than three
    /// invitations wait for an answer (`50 invitations waiting`, Show opening `review`), the
    /// rest (cancellations, up to three) each as itself. What waits: what the Maildirs and the
    /// calendars hold unread, and what was filed since the journal counts and not told (by
    /// another command, or a `watch` killed before it told). Each is recorded as told.
    private func tellAtStart() throws {
        let filed = try pass(maildirs: setup.maildirs, calendars: !setup.calendars.isEmpty, telling: false)
        var seen = Set(filed.map(\.0.handle))
        let untold = try journal.untold(in: setup.ingest.store).filter { seen.insert($0.handle).inserted }
        let kept: [(StoredInvite, IngestOutcome.Result?)] = untold.map { ($0, nil) }
        let fresh = (filed + kept).filter { $0.1 != .unchanged && !journal.wasTold($0.0) }
        let waiting = fresh.map(\.0).filter { $0.needsAnswer && $0.status != .cancelled }
        guard let notifier, waiting.count >= WatchLoop.gathered else {
            try tell(fresh)
            if !setup.calendars.isEmpty || !filed.isEmpty { follow(always: true) }
            return
        }
        let text = NotificationText.waiting(waiting)
        do {
            try notifier.waiting(summary: text.summary, body: text.body, count: waiting.count)
            serverAnswered()
            log("\(waiting.count) invitations waiting: told in one notification")
            for stored in waiting { journal.record(stored) }
        } catch {
            if case .noNotificationServer = error {
                sayOnce(error.description, key: WatchLoop.noServer)
                absence = ServerAbsence(since: clock())
            } else {
                sayOnce(error.description)
            }
            missed.formUnion(waiting.map(\.handle))
        }
        let told = Set(waiting.map(\.handle))
        try tell(fresh.filter { !told.contains($0.0.handle) })
        if !setup.calendars.isEmpty || !filed.isEmpty { follow(always: true) }
    }

    /// Takes in what the Maildirs hold that was not read before, and what changed in the
    /// calendars, and tells of it (unless `telling` is off: the start tells of it its own way);
    /// returns what was filed.
    @discardableResult
    private func pass(maildirs: [String], calendars: Bool, telling: Bool = true) throws -> [(
        StoredInvite, IngestOutcome.Result?
    )] {
        var filed: [(StoredInvite, IngestOutcome.Result?)] = []
        if calendars {
            do {
                let report = try setup.follower().follow()
                for problem in report.problems { log("calendar: \(Printable.sanitize(problem))") }
                filed += report.filed.map { ($0.stored, $0.result) }
            } catch {
                sayOnce("the calendars could not be followed: \(error)")
            }
        }
        settleHeldAnswers()
        if !maildirs.isEmpty {
            let report = try setup.ingest.ingest(
                [], maildirs: maildirs, readFile: WatchLoop.readMessage,
                events: { [log] event in
                    switch event {
                    case .warning(let text): log("warning: \(Printable.sanitize(text))")
                    case .failed(let name, let error): log("not taken in: \(Printable.sanitize(name)): \(error)")
                    case .proposalDeclined(let stored, _, _): log("\(stored.handle): your proposal was declined")
                    case .followed(let handle, _, let path): log("\(handle): updated in \(Printable.sanitize(path))")
                    case .collision(let handle, let error): log("\(handle): \(Printable.sanitize(error.description))")
                    }
                })
            filed += report.outcomes.map { ($0.stored, $0.result) }
            log("read \(maildirs.count) Maildir(s): \(report.outcomes.count) invitation(s) filed")
        }
        guard telling else { return filed }
        try tell(filed)
        // What watch filed itself (your answer changed in your calendar, which following files
        // without calling it a change) is no other process's commit: its notifications are
        // compared with the store all the same.
        if calendars || !filed.isEmpty { follow(always: true) }
        return filed
    }

    /// Tells of each invitation not told of in this version, once; `again`: of each whatever
    /// was told, as it is now (another `invites` changed it while its notification was up).
    /// While no notification server takes a call, invitations are kept to be told when one does.
    private func tell(_ filed: [(StoredInvite, IngestOutcome.Result?)], again: Bool = false) throws {
        for (stored, result) in filed where again || (result != .unchanged && !journal.wasTold(stored)) {
            // Asked to end: what is left is told at the next start.
            if termination?.isEnding == true { return }
            let kind: WatchEvent.Kind
            if stored.status == .cancelled || stored.invite.method == .cancel || result == .cancelled {
                kind = .cancelled
            } else if result == .updated || (result == nil && journal.knows(stored.handle)) {
                kind = .changed
            } else {
                kind = .new
            }
            if let notifier {
                if let absence, !absence.allowsTry(at: clock()) {
                    missed.insert(stored.handle)
                    continue
                }
                let event = WatchEvent(
                    kind: kind, stored: stored, conflicts: kind == .cancelled ? [] : conflicts(stored))
                let current = try? setup.ingest.store.invites(handles: [stored.handle]).first
                do {
                    try notifier.notify(
                        event, text: NotificationText(event, zone: setup.zone, now: clock()),
                        shown: ShownInvitation(told: stored, current: current, at: clock()))
                    serverAnswered()
                    log("\(stored.handle): told (\(kind.rawValue))")
                } catch {
                    if case .noNotificationServer = error {
                        // Said once until a server takes a call, whatever the bus's words.
                        sayOnce(error.description, key: WatchLoop.noServer)
                        absence = ServerAbsence(since: clock())
                        missed.insert(stored.handle)
                        continue
                    }
                    sayOnce(error.description)
                }
            }
            journal.record(stored)
        }
    }

    /// Tells again each invitation still waiting for your answer whose next occurrence is
    /// about to start, at the thresholds of the `nudge` setting (``Nudge``): once per threshold
    /// and occurrence, across restarts (the journal keeps them), never once it is answered or
    /// has started. Sets when to wake for the next one.
    private func nudge() {
        nudgeDue = nil
        guard let notifier, !setup.nudges.isEmpty else { return }
        let now = clock()
        let list = ListController(store: setup.ingest.store, display: setup.zone, now: now)
        let rows: [ListController.Row]
        do {
            rows = try list.list(statuses: [.pending]).filter(\.isPending)
        } catch {
            sayOnce("the invitations to nudge could not be read: \(error)")
            nudgeDue = now.addingTimeInterval(Nudge.retry)
            return
        }
        for row in rows {
            let handle = row.stored.handle
            let (coming, dates) = list.upcoming(row)
            let told = journal.nudges(handle, start: coming.start)
            let due = Nudge.due(setup.nudges, start: coming.start, now: now, told: told)
            if !due.isEmpty {
                if termination?.isEnding == true { return }
                if let absence, !absence.allowsTry(at: now) {
                    nudgeDue = min(nudgeDue ?? absence.retryAt, absence.retryAt)
                    continue
                }
                var event = WatchEvent(kind: .nudge, stored: row.stored, conflicts: conflicts(row.stored))
                (event.start, event.end, event.dates) = (coming.start, coming.end, dates)
                let text = NotificationText(event, zone: setup.zone, now: now)
                do {
                    try notifier.notify(
                        event, text: text, shown: ShownInvitation(told: row.stored, current: row.stored, at: now))
                    serverAnswered()
                    journal.recordNudge(handle, start: coming.start, seconds: due)
                    log("\(handle): nudged (\(text.summary))")
                } catch {
                    if case .noNotificationServer = error {
                        sayOnce(error.description, key: WatchLoop.noServer)
                        absence = ServerAbsence(since: now)
                    } else {
                        sayOnce(error.description)
                    }
                    let retry = absence?.retryAt ?? now.addingTimeInterval(Nudge.retry)
                    nudgeDue = min(nudgeDue ?? retry, retry)
                    continue
                }
            }
            let toldNow = journal.nudges(handle, start: coming.start)
            if let next = Nudge.next(setup.nudges, start: coming.start, now: now, told: toldNow) {
                nudgeDue = min(nudgeDue ?? next, next)
            }
        }
    }

    /// What collides with the invitation in the user's calendars, as `show` finds it.
    private func conflicts(_ stored: StoredInvite) -> [WatchEvent.Conflict] {
        do {
            let report = try setup.show.report(for: stored)
            let entries =
                report.occurrences.isEmpty ? report.shown.entries : report.occurrences.flatMap(\.nearby.entries)
            var found: [WatchEvent.Conflict] = []
            for entry in entries where entry.conflict {
                let conflict = WatchEvent.Conflict(
                    title: entry.occurrence.title, start: entry.occurrence.start, end: entry.occurrence.end)
                if !found.contains(conflict) { found.append(conflict) }
            }
            return found
        } catch {
            log("\(stored.handle): conflicts not checked: \(error)")
            return []
        }
    }

    private func handle(_ action: NotifierAction) throws {
        switch action {
        case .server(let present):
            log(present ? "a notification server appeared" : "the notification server went away")
            if present {
                serverAnswered()
                try tellMissed()
            }
        case .show(let handle):
            // The notification of every invitation waiting has no handle: `review` goes
            // through them all.
            let command = handle.isEmpty ? setup.open : setup.open + [handle]
            do {
                let pid = try Subprocess.start(command)
                log("\(handle): show: started \(Printable.sanitize(command.joined(separator: " "))) (pid \(pid))")
            } catch {
                note("\(handle): open \(Printable.sanitize(command.joined(separator: " "))) did not start: \(error)")
            }
        case .answer(let handle, let action, let shown):
            try answer(handle, action, shown: shown)
        }
    }

    /// Answers as the command would (the calendar, the history, the outbox, the `send`
    /// setting; `ask` has no terminal here, so the reply waits), and confirms it with a short
    /// notification in place of the invitation's. An action on a notification that no longer
    /// matches its invitation (`shown`: answered elsewhere, or changed) is refused, and a
    /// short notification says so.
    private func answer(_ handle: String, _ action: AnswerAction, shown: ShownInvitation?) throws {
        if let shown {
            do {
                if let refusal = try NotificationFollower.refusal(of: action, shown: shown, store: setup.ingest.store) {
                    log("\(handle): \(action.rawValue) refused: \(refusal.body)")
                    do {
                        try notifier?.withdraw(handle: handle, summary: refusal.summary, body: refusal.body)
                    } catch {
                        sayOnce(error.description)
                    }
                    return
                }
            } catch {
                note("\(handle): not \(action.rawValue): \(error)")
                return
            }
        }
        let report: AnswerController.Report
        do {
            let stored = try setup.ingest.store.resolve(handle)
            report = try setup.answer().answer(AnswerController.Request(stored, action: action, now: clock()))
        } catch {
            note("\(handle): not \(action.rawValue): \(error)")
            try? notifier?.confirm(
                handle: handle, summary: "not \(action.rawValue)",
                body: NotificationText.fitted(Printable.sanitize("\(error)")))
            return
        }
        // An answer to a mailed invitation may be held for the server's copy: wake when its
        // wait ends.
        if let until = report.outcome.heldUntil { heldDue = min(heldDue ?? until, until) }
        let title = Printable.title(report.stored.invite.title)
        let lines = WatchLoop.confirmation(report)
        log("\(handle): \(action.rawValue) \"\(title)\"; \(lines.joined(separator: "; "))")
        do {
            try notifier?.confirm(
                handle: handle, summary: NotificationText.fitted("\(action.rawValue): \(title)"),
                body: NotificationText.fitted(lines.joined(separator: "\n")))
        } catch {
            sayOnce(error.description)
        }
    }

    /// What an answer did, a line each: the calendar, and the reply.
    static func confirmation(_ report: AnswerController.Report) -> [String] {
        var lines: [String] = []
        switch report.outcome.calendar {
        case .added(let path): lines.append("added to \(Printable.sanitize(path))")
        case .rewritten(let path): lines.append("updated in \(Printable.sanitize(path))")
        case .removed(let path): lines.append("removed from \(Printable.sanitize(path))")
        case .unchanged: break
        }
        if report.notes.contains(.noReplyAsked) {
            lines.append("the organizer asked for no reply")
        } else if let reason = report.outcome.notQueued {
            lines.append("no reply queued: \(Printable.sanitize(reason.description))")
        }
        switch report.sending {
        case .queued?, .ask?:
            lines.append("the reply is queued ('invites send' sends it)")
        case .sent(let run)?:
            lines.append(
                run.allSent ? "the reply was sent" : "the reply could not be sent now ('invites outbox' says why)")
        case .failed(let error)?:
            lines.append("the reply is queued; sending failed: \(Printable.sanitize(error.description))")
        case nil:
            break
        }
        return lines
    }

    /// Says `message` unless what it says (`key`, else the message itself) was said already.
    private func sayOnce(_ message: String, key: String? = nil) {
        guard said.insert(key ?? message).inserted else { return }
        note(message)
    }

    /// What the absence of a notification server is said under: once until one takes a call.
    static let noServer = "no notification server"

    /// A notification server took a call, or appeared: one that goes away again is said again.
    private func serverAnswered() {
        absence = nil
        said.remove(WatchLoop.noServer)
    }

    /// Tells of the invitations filed while no notification server took a call, as they are
    /// now: those answered meanwhile (elsewhere) are left out, as a start leaves them out.
    private func tellMissed() throws {
        guard !missed.isEmpty else { return }
        let handles = missed.sorted()
        missed = []
        let stored = try setup.ingest.store.invites(handles: handles)
        try tell(stored.filter { $0.needsAnswer || $0.status == .cancelled }.map { ($0, nil) })
    }

    /// Brings the notifications up in step with the store (``NotificationFollower``): each
    /// invitation answered elsewhere has its notification withdrawn, each changed is told
    /// again, each gone is closed. A store that cannot be read now is said, and looked at
    /// again at its next change.
    private func follow(always: Bool) {
        guard let notifier else { return }
        do {
            for step in try follower.steps(for: notifier.followed, store: setup.ingest.store, always: always) {
                switch step {
                case .tellAgain(let stored):
                    try tell([(stored, .updated)], again: true)
                case .withdraw(let handle, let summary, let body):
                    try notifier.withdraw(handle: handle, summary: summary, body: body)
                    log("\(handle): answered elsewhere: \(summary)")
                case .takeDown(let handle):
                    try notifier.close(handle: handle)
                    log("\(handle): gone; its notification closed")
                }
            }
        } catch {
            sayOnce("the notifications could not be brought in step with the store: \(error)")
        }
    }

    /// A Maildir message's bytes; `nil` when it is gone (moved to `cur/` meanwhile).
    static func readMessage(_ path: String) throws -> Data? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            throw IngestError.unreadable(file: path, reason: error.localizedDescription)
        }
    }
}
