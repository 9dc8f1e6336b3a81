import Foundation
import InvitesFormats
import InvitesModel
import InvitesSystem

/// `invites watch`: takes in what arrives in the Maildirs and the calendars as it arrives,
/// tells of each new, changed or cancelled invitation, and answers from the notification.
///
/// One thread sleeps in one `poll` over the signal pipe, the inotify descriptor, the bus's
/// descriptors and the ``WatchMailbox``, so an idle `watch` costs no CPU time. What may take
/// long runs on lanes of its own (``WorkLane``): an invitation's conflict query, an answer, and
/// the sending the `send` setting asks for, so that the loop tells the next invitation and
/// answers SIGTERM while a sendmail runs. Mail is taken in through
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
        /// What finds an invitation's conflicts, made on the lane that asks (a store
        /// connection of its own).
        package var conflictFinder: @Sendable () throws -> ShowController
        /// What settles held answers on the loop, as every command does.
        package var answer: () throws -> AnswerController
        /// What answers from a notification, as the commands answer, and sends what the
        /// answer queued: made on the lane that answers or sends (a store connection of its
        /// own).
        package var answerer: @Sendable () throws -> AnswerController
        /// What an answer from a notification did, a line each, in the front end's words.
        package var confirmation: @Sendable (AnswerController.Report) -> [String]
        /// The `nudge` setting: seconds before an invitation's start at which one still
        /// waiting for your answer is told again (``Nudge``); empty for `never`.
        package var nudges: [Int]
        /// Your addresses: an invitation someone delegated to you says by whom.
        package var me: MyAddresses = MyAddresses([])

        package init(
            home: String, maildirs: [String], calendars: [CalendarSource], notify: Notify, open: [String],
            zone: DisplayZone, ingest: IngestController, follower: @escaping () throws -> CalendarFollower,
            conflictFinder: @escaping @Sendable () throws -> ShowController,
            answer: @escaping () throws -> AnswerController,
            answerer: @escaping @Sendable () throws -> AnswerController,
            confirmation: @escaping @Sendable (AnswerController.Report) -> [String], nudges: [Int]
        ) {
            self.confirmation = confirmation
            self.nudges = nudges
            self.home = home
            self.maildirs = maildirs
            self.calendars = calendars
            self.notify = notify
            self.open = open
            self.zone = zone
            self.ingest = ingest
            self.follower = follower
            self.conflictFinder = conflictFinder
            self.answer = answer
            self.answerer = answerer
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
    /// passes rather than one per message. Not when every name changed is whole (renamed in,
    /// closed after writing, gone: ``FolderWatcher/Changes/unsettled``): it is read at once,
    /// and a mail told in milliseconds, not a tenth of a second later; a burst is then read in
    /// as many passes as it takes the loop to read what came meanwhile.
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
    /// Where the lanes leave their work for the loop.
    private let mailbox: WatchMailbox
    private var lanes: Lanes
    /// Jobs given to the lanes whose work has not come back.
    private var inFlight = 0
    /// The tellings asked of the lanes and not back, their handles by
    /// ``WatchWork/Telling/key``: one at a time.
    private var tellings: [String: String] = [:]
    /// The nudges asked of the lanes and not back, by ``WatchWork/Nudging/key``: not asked
    /// again meanwhile.
    private var nudgings: [String: Set<Int>] = [:]
    /// The programs Show started and left running, collected when they end.
    private var opened: [pid_t] = []
    /// The vdirs as the conflict lane last saw them, and the names inotify heard changing
    /// since (``KnownVersions``); `nil` when inotify cannot hear them all.
    private var known: KnownVersions?
    /// Whether the conflict lane reads the calendars ahead (``prepareConflicts()``): not for
    /// `--once`, which would wait for it though it tells nothing.
    private var readsAhead = false

    /// The lanes of slow work: conflict queries, answers, and sending, each apart so that a
    /// sendmail holds back neither the next invitation nor the next answer.
    private struct Lanes {
        var conflicts: WorkLane<ShowController>
        var answers: WorkLane<AnswerController>
        var sending: WorkLane<AnswerController>

        init(_ setup: Setup, mailbox: WatchMailbox, known: KnownVersions?) {
            let make = setup.conflictFinder
            conflicts = WorkLane(name: "conflicts", mailbox: mailbox) {
                var finder = try make()
                finder.known = known
                return finder
            }
            answers = WorkLane(name: "answers", mailbox: mailbox, make: setup.answerer)
            sending = WorkLane(name: "sending", mailbox: mailbox, make: setup.answerer)
        }
    }

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
        mailbox = try WatchMailbox()
        known = WatchLoop.known(watcher)
        lanes = Lanes(setup, mailbox: mailbox, known: known)
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
        readsAhead = !options.once
        try tellAtStart()
        prepareConflicts()
        nudge()
        let deadline = clock().addingTimeInterval(options.wait)
        var dirty = Set<String>()
        var due: Date?
        var nextLook = clock().addingTimeInterval(options.pollInterval)
        while true {
            // `--once` tells all it found however short its wait, then waits for answers.
            let telling = !tellings.isEmpty || !nudgings.isEmpty
            if options.once, !telling, (notifier?.waiting != true && inFlight == 0) || clock() >= deadline {
                finishWork(within: options.grace)
                return
            }
            var wakeups: [Date] = []
            if let due { wakeups.append(due) }
            if watcher.descriptor == nil { wakeups.append(nextLook) }
            if let look = follower.nextLook { wakeups.append(look) }
            if let absence, !missed.isEmpty { wakeups.append(absence.retryAt) }
            if options.once, !telling { wakeups.append(deadline) }
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
                pollfd(fd: termination?.descriptor ?? signals.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: mailbox.descriptor, events: Int16(POLLIN), revents: 0),
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
                    finishWork(within: options.grace)
                    return
                }
            }
            if descriptors[1].revents != 0 {
                for work in mailbox.take() { receive(work) }
            }
            if watcher.descriptor != nil, descriptors[2].revents != 0 {
                var changes = watcher.changed()
                if changes.tags.remove(WatchLoop.storeTag) != nil { follower.written(at: clock()) }
                changes.unsettled.remove(WatchLoop.storeTag)
                // Heard before any pass or query: what a query kept of a vdir is read again
                // for these names (for all, when events were lost).
                if changes.lost {
                    known?.forget()
                } else {
                    for (folder, names) in changes.names { known?.heard(names, in: folder) }
                }
                if !changes.tags.isEmpty {
                    log("changed: \(changes.tags.sorted().joined(separator: ", "))")
                    dirty.formUnion(changes.tags)
                    let when = clock().addingTimeInterval(changes.unsettled.isEmpty ? 0 : WatchLoop.settle)
                    due = min(due ?? when, when)
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
            opened.removeAll { Posix.reaped($0) }
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
                // A write in place counts too, and the names are told: a conflict query reads
                // again only the items heard changing (``KnownVersions``).
                targets.append(
                    .init(folder: calendar.path, names: nil, tag: calendarTag, modifications: true, naming: true))
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

    /// What tells the versions of the vdirs `watcher` hears every change of; `nil` when it
    /// polls.
    private static func known(_ watcher: FolderWatcher) -> KnownVersions? {
        guard watcher.descriptor != nil else { return nil }
        let vdirs = watcher.watched.filter { $0.tag == calendarTag && $0.names == nil }
        return vdirs.isEmpty ? nil : KnownVersions(folders: Set(vdirs.map(\.folder)))
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
        // The lanes at work go on with the old settings to their ends, into the same mailbox;
        // the versions they knew are of folders the new watches have not heard.
        known?.forget()
        known = WatchLoop.known(watcher)
        lanes = Lanes(fresh, mailbox: mailbox, known: known)
        if notifyChanged { notifier = WatchLoop.notifier(fresh) }
        prepareConflicts()
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
            tell(fresh)
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
        tell(fresh.filter { !told.contains($0.0.handle) })
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
                    case .delegateAnswered(let stored, _, _): log("\(stored.handle): your delegate answered")
                    case .followed(let handle, _, let path): log("\(handle): updated in \(Printable.sanitize(path))")
                    case .collision(let handle, let error): log("\(handle): \(Printable.sanitize(error.description))")
                    }
                })
            filed += report.outcomes.map { ($0.stored, $0.result) }
            log("read \(maildirs.count) Maildir(s): \(report.outcomes.count) invitation(s) filed")
        }
        guard telling else { return filed }
        tell(filed)
        // What watch filed itself (your answer changed in your calendar, which following files
        // without calling it a change) is no other process's commit: its notifications are
        // compared with the store all the same.
        if calendars || !filed.isEmpty { follow(always: true) }
        return filed
    }

    /// Tells of each invitation not told of in this version, once; `again`: of each whatever
    /// was told, as it is now (another `invites` changed it while its notification was up).
    /// While no notification server takes a call, invitations are kept to be told when one does.
    /// The conflicts are looked for on their lane, and the invitation told when they come back
    /// (``told(_:conflicts:)``), in the order asked.
    private func tell(_ filed: [(StoredInvite, IngestOutcome.Result?)], again: Bool = false) {
        for (stored, result) in filed where again || (result != .unchanged && !journal.wasTold(stored)) {
            // Asked to end: what is left is told at the next start.
            if termination?.isEnding == true { return }
            guard notifier != nil else {
                journal.record(stored)
                continue
            }
            if let absence, !absence.allowsTry(at: clock()) {
                missed.insert(stored.handle)
                continue
            }
            let telling = WatchWork.Telling(stored: stored, result: result, again: again)
            let asked = tellings.updateValue(stored.handle, forKey: telling.key) != nil
            guard again || !asked else { continue }
            let cancelled = WatchLoop.isCancellation(stored, result)
            inFlight += 1
            lanes.conflicts.submit { finder in
                guard !cancelled else { return .telling(telling, conflicts: [], problem: nil) }
                do {
                    let report = try finder().report(for: stored)
                    return .telling(telling, conflicts: WatchLoop.conflicts(in: report), problem: nil)
                } catch {
                    return .telling(telling, conflicts: [], problem: "\(error)")
                }
            }
        }
    }

    /// Whether what was filed is a cancellation: told without conflicts or answers.
    private static func isCancellation(_ stored: StoredInvite, _ result: IngestOutcome.Result?) -> Bool {
        stored.status == .cancelled || stored.invite.method == .cancel || result == .cancelled
    }

    /// What a lane did, back on the loop: told, confirmed, or handed to the next lane.
    private func receive(_ work: WatchWork) {
        inFlight -= 1
        switch work {
        case .telling(let telling, let conflicts, let problem):
            tellings[telling.key] = nil
            if let problem { log("\(telling.stored.handle): conflicts not checked: \(Printable.sanitize(problem))") }
            told(telling, conflicts: conflicts)
        case .nudging(let nudging, let conflicts, let problem):
            nudgings[nudging.key] = nil
            if let problem { log("\(nudging.stored.handle): conflicts not checked: \(Printable.sanitize(problem))") }
            nudged(nudging, conflicts: conflicts)
        case .answered(let handle, let action, let result, let sendsNext):
            answered(handle, action, result, sendsNext: sendsNext)
        case .prepared(let problem):
            log(
                problem.map { "the calendars were not read ahead: \(Printable.sanitize($0))" }
                    ?? "the calendars were read ahead")
        }
    }

    /// Has the conflict lane read the calendars before the next invitation comes
    /// (``ShowController/prepare()``), once what waited at the start is told: its first query
    /// otherwise reads every item of a vdir while the first invitation waits to be told. Only
    /// where something is told: without a notifier no conflict is looked for. A calendar's
    /// error is logged (with `--verbose`) and met again by the first query that needs it.
    private func prepareConflicts() {
        guard readsAhead, notifier != nil, !setup.calendars.isEmpty else { return }
        inFlight += 1
        lanes.conflicts.submit { finder in
            do {
                try finder().prepare()
                return .prepared(problem: nil)
            } catch {
                return .prepared(problem: "\(error)")
            }
        }
    }

    /// Tells of one invitation whose conflicts came back, unless it was told meanwhile in
    /// this version, or the loop is ending (then it is told at the next start).
    private func told(_ telling: WatchWork.Telling, conflicts: [WatchEvent.Conflict]) {
        let (stored, result) = (telling.stored, telling.result)
        guard termination?.isEnding != true, let notifier, telling.again || !journal.wasTold(stored) else { return }
        let kind: WatchEvent.Kind
        if WatchLoop.isCancellation(stored, result) {
            kind = .cancelled
        } else if result == .updated || (result == nil && journal.knows(stored.handle)) {
            kind = .changed
        } else {
            kind = .new
        }
        if let absence, !absence.allowsTry(at: clock()) {
            missed.insert(stored.handle)
            return
        }
        let event = WatchEvent(kind: kind, stored: stored, conflicts: conflicts, me: setup.me)
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
                return
            }
            sayOnce(error.description)
        }
        journal.record(stored)
    }

    /// Tells again each invitation still waiting for your answer whose next occurrence is
    /// about to start, at the thresholds of the `nudge` setting (``Nudge``): once per threshold
    /// and occurrence, across restarts (the journal keeps them), never once it is answered or
    /// has started. Sets when to wake for the next one. The conflicts are looked for on their
    /// lane (``nudged(_:conflicts:)``); thresholds asked for and not back count as told.
    private func nudge() {
        nudgeDue = nil
        guard notifier != nil, !setup.nudges.isEmpty else { return }
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
            let (coming, dates) = list.upcoming(row)
            let key = WatchWork.Nudging.key(row.stored.handle, start: coming.start)
            var told = journal.nudges(row.stored.handle, start: coming.start).union(nudgings[key] ?? [])
            let due = Nudge.due(setup.nudges, start: coming.start, now: now, told: told)
            if !due.isEmpty {
                if termination?.isEnding == true { return }
                if let absence, !absence.allowsTry(at: now) {
                    nudgeDue = min(nudgeDue ?? absence.retryAt, absence.retryAt)
                    continue
                }
                let asked = WatchWork.Nudging(
                    stored: row.stored, start: coming.start, end: coming.end, dates: dates, due: due)
                nudgings[key, default: []].formUnion(due)
                told.formUnion(due)
                let stored = row.stored
                inFlight += 1
                lanes.conflicts.submit { finder in
                    do {
                        let report = try finder().report(for: stored)
                        return .nudging(asked, conflicts: WatchLoop.conflicts(in: report), problem: nil)
                    } catch {
                        return .nudging(asked, conflicts: [], problem: "\(error)")
                    }
                }
            }
            if let next = Nudge.next(setup.nudges, start: coming.start, now: now, told: told) {
                nudgeDue = min(nudgeDue ?? next, next)
            }
        }
    }

    /// Tells again one invitation whose conflicts came back, and records the thresholds told;
    /// one that could not be told is asked again at the next retry.
    private func nudged(_ nudging: WatchWork.Nudging, conflicts: [WatchEvent.Conflict]) {
        guard termination?.isEnding != true, let notifier else { return }
        let now = clock()
        let handle = nudging.stored.handle
        if let absence, !absence.allowsTry(at: now) {
            nudgeDue = min(nudgeDue ?? absence.retryAt, absence.retryAt)
            return
        }
        var event = WatchEvent(kind: .nudge, stored: nudging.stored, conflicts: conflicts, me: setup.me)
        (event.start, event.end, event.dates) = (nudging.start, nudging.end, nudging.dates)
        let text = NotificationText(event, zone: setup.zone, now: now)
        do {
            try notifier.notify(
                event, text: text, shown: ShownInvitation(told: nudging.stored, current: nudging.stored, at: now))
            serverAnswered()
            journal.recordNudge(handle, start: nudging.start, seconds: nudging.due)
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
        }
    }

    /// What collides with the invitation in the user's calendars, as `show` finds it.
    static func conflicts(in report: ShowReport) -> [WatchEvent.Conflict] {
        let entries =
            report.occurrences.isEmpty ? report.shown.entries : report.occurrences.flatMap(\.nearby.entries)
        var found: [WatchEvent.Conflict] = []
        for entry in entries where entry.conflict {
            let conflict = WatchEvent.Conflict(
                title: entry.occurrence.title, start: entry.occurrence.start, end: entry.occurrence.end)
            if !found.contains(conflict) { found.append(conflict) }
        }
        return found
    }

    /// The loop ends (SIGTERM, SIGINT, `--once` done or out of time). Answers given are
    /// recorded; conflict queries and sending not begun are dropped (the journal tells those
    /// invitations at the next start, their replies stay queued in the outbox); a sendmail
    /// running is stopped, which leaves its mail queued. All within `grace` less half a
    /// second, before ``TerminationGuard`` ends the process.
    private func finishWork(within grace: TimeInterval) {
        guard inFlight > 0 else { return }
        lanes.conflicts.close()
        lanes.sending.close()
        let deadline = Date().addingTimeInterval(max(0, grace - 0.5))
        // Again until the lane is done: a sending that began as the lane closed starts its
        // program a moment later.
        repeat {
            Subprocess.stopRunning()
        } while Date() < deadline && !lanes.sending.finish(by: min(deadline, Date().addingTimeInterval(0.05)))
        _ = lanes.answers.finish(by: deadline)
        _ = lanes.conflicts.finish(by: deadline)
        for case .answered(let handle, let action, .success(let report), _) in mailbox.take() {
            log(
                "\(handle): \(action.rawValue) as watch ended; \(setup.confirmation(report).joined(separator: "; "))"
            )
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
                opened.append(pid)
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
        let stored: StoredInvite
        do {
            stored = try setup.ingest.store.resolve(handle)
        } catch {
            answered(handle, action, .failure(WatchWork.Failure(description: "\(error)")), sendsNext: false)
            return
        }
        let now = clock()
        inFlight += 1
        lanes.answers.submit { answerer in
            do {
                let controller = try answerer()
                // Queued, not sent: the sending lane sends it when the `send` setting says so,
                // so that an answer is recorded whatever a sendmail does, and the next answer
                // waits for none.
                let report = try controller.answer(
                    AnswerController.Request(stored, action: action, send: false, now: now))
                return .answered(
                    handle: handle, action: action, .success(report),
                    sendsNext: controller.dispatcher.policy == .always && report.sending != nil)
            } catch {
                return .answered(
                    handle: handle, action: action, .failure(WatchWork.Failure(description: "\(error)")),
                    sendsNext: false)
            }
        }
    }

    /// An answer back from its lane: refused (said, with a short notification), handed to the
    /// sending lane, or confirmed with a short notification in place of the invitation's.
    private func answered(
        _ handle: String, _ action: AnswerAction, _ result: Result<AnswerController.Report, WatchWork.Failure>,
        sendsNext: Bool
    ) {
        let report: AnswerController.Report
        switch result {
        case .success(let given):
            report = given
        case .failure(let failure):
            note("\(handle): not \(action.rawValue): \(failure)")
            try? notifier?.confirm(
                handle: handle, summary: "not \(action.rawValue)",
                body: NotificationText.fitted(Printable.sanitize(failure.description)))
            return
        }
        // An answer to a mailed invitation may be held for the server's copy: wake when its
        // wait ends.
        if let until = report.outcome.heldUntil { heldDue = min(heldDue ?? until, until) }
        if sendsNext {
            inFlight += 1
            lanes.sending.submit { answerer in
                var sent = report
                do {
                    let dispatcher = try answerer().dispatcher
                    do throws(StoreError) {
                        sent.sending = .sent(try dispatcher.send(handles: [handle]))
                    } catch {
                        sent.sending = .failed(error)
                    }
                } catch {
                    // No store to send from: the reply stays queued, for `invites send`.
                    sent.sending = .queued
                }
                return .answered(handle: handle, action: action, .success(sent), sendsNext: false)
            }
            return
        }
        let title = Printable.title(report.stored.invite.title)
        let lines = setup.confirmation(report)
        log("\(handle): \(action.rawValue) \"\(title)\"; \(lines.joined(separator: "; "))")
        do {
            try notifier?.confirm(
                handle: handle, summary: NotificationText.fitted("\(action.rawValue): \(title)"),
                body: NotificationText.fitted(lines.joined(separator: "\n")))
        } catch {
            sayOnce(error.description)
        }
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
        tell(stored.filter { $0.needsAnswer || $0.status == .cancelled }.map { ($0, nil) })
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
                    // A telling on its way shows it as it is now, in place of the one up.
                    if tellings.values.contains(stored.handle) { continue }
                    tell([(stored, .updated)], again: true)
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
