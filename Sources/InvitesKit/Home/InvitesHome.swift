import Foundation
import InvitesFormats
import InvitesModel

/// The one place the use cases are put together: built once from the settings of a run, it
/// hands out the controllers for ingesting, answering, dispatching, showing, listing,
/// proposing, reviewing and watching, each wired to the same store, calendars, addresses and
/// sending. The commands, `review` and `watch` take what they need from it, so that an answer
/// given from a notification is made by the same parts as `invites accept`, and a new way in
/// (a remote calendar, another front end) is wired here once.
///
/// The store and the cache are opened by the caller's functions, on first use: the front end
/// decides what opening means (the command line looks into followed calendars first).
package struct InvitesHome {
    /// What the controllers are built from: the settings of the run, in the library's terms.
    package struct Settings: Sendable {
        /// The folder of the store, where the locks go.
        package var home: String
        /// The calendars to read and write, the first one written.
        package var calendars: [CalendarSource]
        /// Why a named calendar cannot be used (it does not exist); refused by the use cases
        /// that read or write a calendar, and by no other.
        package var calendarProblem: CalendarError?
        package var me: MyAddresses
        package var display: DisplayZone
        /// The name your replies carry beside your address.
        package var name: String?
        package var scheduling: SchedulingPolicy
        package var serverWait: TimeInterval
        package var routes: Dispatcher.Routes
        /// The `send` setting: when what was just queued leaves.
        package var policy: SendPolicy

        package init(
            home: String, calendars: [CalendarSource], calendarProblem: CalendarError?, me: MyAddresses,
            display: DisplayZone, name: String?, scheduling: SchedulingPolicy, serverWait: TimeInterval,
            routes: Dispatcher.Routes, policy: SendPolicy
        ) {
            self.home = home
            self.calendars = calendars
            self.calendarProblem = calendarProblem
            self.me = me
            self.display = display
            self.name = name
            self.scheduling = scheduling
            self.serverWait = serverWait
            self.routes = routes
            self.policy = policy
        }
    }

    /// How far around an invitation `show` looks, and how many occurrences of a series it
    /// checks.
    package struct Look: Sendable {
        package var before: TimeInterval
        package var after: TimeInterval
        package var horizon: Int

        package init(before: TimeInterval, after: TimeInterval, horizon: Int) {
            self.before = before
            self.after = after
            self.horizon = horizon
        }
    }

    /// Answering needs a calendar to write to, and the settings name none.
    package struct NoCalendarError: Error, CustomStringConvertible {
        package var description: String { "no calendar to write to" }
    }

    package let settings: Settings
    package let clock: @Sendable () -> Date
    private let openStore: () throws -> InboxStore
    private let openCache: () -> CacheStore?

    package init(
        settings: Settings, store: @escaping () throws -> InboxStore, cache: @escaping () -> CacheStore?,
        clock: @escaping @Sendable () -> Date
    ) {
        self.settings = settings
        self.openStore = store
        self.openCache = cache
        self.clock = clock
    }

    /// The store, opened on first use by the front end's function.
    package func store() throws -> InboxStore { try openStore() }

    /// The calendars to read and write; a named one that does not exist is an error here, for
    /// the use cases that read or write a calendar.
    package func calendars() throws(CalendarError) -> [CalendarSource] {
        if let problem = settings.calendarProblem { throw problem }
        return settings.calendars
    }

    /// What hands the outbox's messages over, sending what was just queued by `policy` (the
    /// `send` setting unless the caller has its own word for it).
    package func dispatcher(policy: SendPolicy? = nil) throws -> Dispatcher {
        Dispatcher(store: try openStore(), routes: settings.routes, policy: policy ?? settings.policy, clock: clock)
    }

    /// Answering, writing to the first calendar, and sending what it queues by `policy`.
    /// Following an update (`following`: `ingest`, `accept --no-add`) writes only where an
    /// earlier answer wrote, or nowhere, so it does not need the calendars to exist.
    package func answer(following: Bool = false, policy: SendPolicy? = nil) throws -> AnswerController {
        let calendars = following ? settings.calendars : try self.calendars()
        guard let first = calendars.first else { throw NoCalendarError() }
        return AnswerController(
            store: try openStore(), calendar: first, me: settings.me, display: settings.display,
            lockFolder: (settings.home as NSString).appendingPathComponent("locks"), name: settings.name,
            scheduling: settings.scheduling, serverWait: settings.serverWait,
            dispatcher: try dispatcher(policy: policy), clock: clock)
    }

    /// The answering machinery of ``answer(following:policy:)``, for the use cases that follow
    /// an invitation rather than answer it.
    package func responder(following: Bool = false) throws -> Responder {
        try answer(following: following).responder
    }

    /// Filing mail, following earlier answers into the calendar as updates come.
    package func ingest(shortcut: MaildirShortcut? = nil) throws -> IngestController {
        IngestController(
            store: try openStore(), display: settings.display, clock: clock,
            responder: { try responder(following: true) }, shortcut: shortcut, me: settings.me,
            cache: { [openCache] in openCache() })
    }

    /// The listing of the inbox as of now.
    package func list() throws -> ListController {
        ListController(store: try openStore(), display: settings.display, now: clock())
    }

    /// Showing an invitation beside the calendars, with why accepting it would be refused.
    package func show(_ look: Look) throws -> ShowController {
        let settings = showSettings(look, calendars: try calendars())
        let cache = openCache()
        var controller = ShowController(store: try openStore(), cache: cache, settings: settings, clock: clock)
        let responder = try responder()
        let clock = self.clock
        controller.collision = { stored in
            var lookups = UIDCollisions.Lookups(index: cache, clock: clock)
            return try responder.collision(of: stored, lookups: &lookups)
        }
        return controller
    }

    private func showSettings(_ look: Look, calendars: [CalendarSource]) -> ShowController.Settings {
        ShowController.Settings(
            calendars: calendars, display: settings.display, me: settings.me, before: look.before, after: look.after,
            horizon: look.horizon)
    }

    /// Proposing a new time, free in the calendars within the `working` hours, read once the
    /// store is open.
    package func propose(working: () throws -> WorkingHours) throws -> ProposeController {
        ProposeController(
            store: try openStore(), cache: openCache(),
            settings: ProposeController.Settings(
                calendars: settings.calendars, display: settings.display, me: settings.me, name: settings.name,
                working: try working()),
            clock: clock)
    }

    /// A day of your calendars beside the invitations, within the `working` hours.
    package func day(working: WorkingHours) throws -> DayController {
        DayController(
            store: try openStore(), calendars: settings.calendars, display: settings.display, me: settings.me,
            cache: openCache(), working: working, clock: clock)
    }

    /// Delegating an invitation: the delegation, and your decline beside it written only where
    /// an earlier answer wrote.
    package func delegate() throws -> DelegateController {
        DelegateController(answering: try answer(following: true))
    }

    /// The exchanges beside answers (a REFRESH, a forward), queued in the outbox.
    package func exchange() throws -> ExchangeController {
        ExchangeController(
            store: try openStore(), me: settings.me, name: settings.name, display: settings.display, clock: clock)
    }

    /// Following the invitations your server puts in `calendars`, as of now.
    package func follower(_ calendars: [CalendarSource]) throws -> CalendarFollower {
        CalendarFollower(
            store: try openStore(),
            scanner: CalendarInvitationScanner(
                me: settings.me, display: settings.display, cache: openCache(), now: clock()),
            calendars: calendars)
    }

    /// A review of `invites`, `first` first, every answer, proposal and exchange sent by `policy`;
    /// `working` is read when the first proposal is made.
    package func review(
        _ invites: [StoredInvite], first: StoredInvite?, policy: SendPolicy,
        working: @escaping () throws -> WorkingHours
    ) throws -> ReviewQueue {
        ReviewQueue(
            store: try openStore(), dispatcher: try dispatcher(policy: policy),
            answering: { try answer(policy: policy) }, proposing: { try propose(working: working) },
            delegating: { try delegate() }, exchanging: { try exchange() }, invites: invites, first: first)
    }

    /// What `watch` works with: the Maildirs and the followed calendars, told by `notify`,
    /// answered from a notification as the commands answer, and the answer confirmed in the
    /// front end's words. A calendar named but missing only leaves the conflicts unchecked.
    package func watch(
        maildirs: [String], calendars: [CalendarSource], notify: WatchLoop.Notify, open: [String], look: Look,
        confirmation: @escaping @Sendable (AnswerController.Report) -> [String], nudges: [Int]
    ) throws -> WatchLoop.Setup {
        let (settings, clock) = (self.settings, self.clock)
        let showing = showSettings(look, calendars: (try? self.calendars()) ?? [])
        // The lanes' work runs off the loop, each lane on a store connection of its own: a home
        // of its own, built from the same settings.
        let lane: @Sendable () throws -> InvitesHome = {
            let store = try InboxStore(home: settings.home)
            let cache = try? CacheStore(home: settings.home, clock: clock)
            return InvitesHome(settings: settings, store: { store }, cache: { cache }, clock: clock)
        }
        var setup = WatchLoop.Setup(
            home: settings.home, maildirs: maildirs, calendars: calendars, notify: notify, open: open,
            zone: settings.display, ingest: try ingest(), follower: { try follower(calendars) },
            conflictFinder: {
                let home = try lane()
                return ShowController(store: try home.store(), cache: home.openCache(), settings: showing, clock: clock)
            }, answer: { try answer() }, answerer: { try lane().answer() }, confirmation: confirmation,
            nudges: nudges)
        setup.me = settings.me
        return setup
    }
}
