import Foundation
import InvitesModel

/// Notifications through the session bus's notification server: Accept, Decline, Tentative
/// and Show on each invitation where the server offers actions (its capabilities say
/// `actions`), a plain notification where it does not. A changed invitation replaces its
/// earlier notification; only the ids this process was given are acted on, since
/// `ActionInvoked` reaches every listener.
///
/// Each notification of an invitation waiting on its answer remembers what it was shown for
/// (``ShownInvitation``): the loop follows those still up and withdraws one whose invitation
/// was answered elsewhere (``withdraw(handle:summary:body:)``), and an action pressed on a
/// withdrawn one is handed on with what it was shown for, to be refused as stale.
///
/// A server that announces `body-markup` reads markup, in the body and, some of them (dunst),
/// in the summary too: both are escaped for it, so that a stranger's `<a href>` or `<img src>`
/// in a title is shown as written, never rendered or fetched. Others get both as they are.
final class DesktopNotifier: Notifier {
    private var bus: NotificationBus?
    private var connectionProblem: String?
    /// The server's capabilities, asked once and again when the server changes.
    private var capabilities: [String]?
    /// The handle each notification of ours is about.
    private var handles: [UInt32: String] = [:]
    /// The latest notification of each handle, which a change replaces.
    private var latest: [String: UInt32] = [:]
    /// Notifications with actions not yet answered or closed.
    private var open: Set<UInt32> = []
    /// What each notification of an invitation waiting on its answer was shown for: an action
    /// counts only while the invitation is still so.
    private var shownFor: [UInt32: ShownInvitation] = [:]
    /// Notifications still up whose invitations are followed for an answer given elsewhere.
    private var following: Set<UInt32> = []
    /// Notifications withdrawn (their invitations answered elsewhere, or an action on them
    /// refused): an action still pressed on one (it raced the withdrawal) is handed on with what
    /// it was shown for, to be refused as stale.
    private var withdrawn: Set<UInt32> = []

    static let actions: [(key: String, label: String)] = [
        ("accept", "Accept"), ("decline", "Decline"), ("tentative", "Tentative"), ("show", "Show"),
    ]

    init() {
        connect()
    }

    func notify(_ event: WatchEvent, text: NotificationText, shown: ShownInvitation?) throws(WatchError) {
        let bus = try connected()
        let offers = try serverCapabilities(bus)
        let markup = offers.contains("body-markup")
        var actions: [(key: String, label: String)] = []
        if offers.contains("actions") {
            actions = event.kind == .cancelled ? [("show", "Show")] : DesktopNotifier.actions
        }
        let id = try send(
            bus, summary: DesktopNotifier.shown(text.summary, markup: markup),
            body: DesktopNotifier.shown(text.body, markup: markup), actions: actions,
            replaces: latest[event.handle] ?? 0, expires: -1)
        // A server that ignored `replaces_id` left the earlier one up: a press on it is ignored.
        if let earlier = latest[event.handle], earlier != id { forget(earlier) }
        handles[id] = event.handle
        latest[event.handle] = id
        withdrawn.remove(id)
        if actions.isEmpty { open.remove(id) } else { open.insert(id) }
        if let shown, event.kind != .cancelled {
            shownFor[id] = shown
            following.insert(id)
        } else {
            shownFor[id] = nil
            following.remove(id)
        }
    }

    func waiting(summary: String, body: String, count: Int) throws(WatchError) {
        let bus = try connected()
        let offers = try serverCapabilities(bus)
        let markup = offers.contains("body-markup")
        let actions: [(key: String, label: String)] = offers.contains("actions") ? [("show", "Review")] : []
        let id = try send(
            bus, summary: DesktopNotifier.shown(summary, markup: markup),
            body: DesktopNotifier.shown(body, markup: markup), actions: actions,
            replaces: latest[DesktopNotifier.everything] ?? 0, expires: -1)
        if let earlier = latest[DesktopNotifier.everything], earlier != id { forget(earlier) }
        handles[id] = DesktopNotifier.everything
        latest[DesktopNotifier.everything] = id
        if actions.isEmpty { open.remove(id) } else { open.insert(id) }
    }

    /// The handle the notification of every invitation waiting is kept under: no invitation's.
    static let everything = ""

    func confirm(handle: String, summary: String, body: String) throws(WatchError) {
        let replaced = latest[handle] ?? 0
        let id = try replace(handle: handle, summary: summary, body: body)
        for done in [replaced, id] {
            open.remove(done)
            following.remove(done)
            withdrawn.remove(done)
            shownFor[done] = nil
        }
        handles[replaced] = nil
        handles[id] = handle
    }

    func withdraw(handle: String, summary: String, body: String) throws(WatchError) {
        guard let replaced = latest[handle] else { return }
        let shown = shownFor[replaced]
        let id = try replace(handle: handle, summary: summary, body: body)
        // A server that ignored `replaces_id` left the old one up: a press on it is ignored.
        if id != replaced { forget(replaced) }
        handles[id] = handle
        shownFor[id] = shown
        following.remove(id)
        open.remove(id)
        withdrawn.insert(id)
    }

    func close(handle: String) throws(WatchError) {
        guard let id = latest[handle] else { return }
        let bus = try connected()
        do {
            try bus.close(id: id)
        } catch {
            if error.closed { disconnect() }
            throw error.serverMissing
                ? .noNotificationServer(reason: error.message) : .notificationFailed(reason: error.message)
        }
        forget(id)
        latest[handle] = nil
    }

    var followed: [ShownInvitation] {
        following.sorted().compactMap { shownFor[$0] }
    }

    func descriptors() -> (descriptors: [pollfd], timeout: Int32) {
        bus?.descriptors() ?? ([], -1)
    }

    func dispatch(_ polled: [pollfd]) -> [NotifierAction] {
        guard let bus else { return [] }
        var actions: [NotifierAction] = []
        for signal in bus.dispatch(polled) {
            switch signal {
            case .actionInvoked(let id, let key):
                guard let handle = handles[id], open.contains(id) || withdrawn.contains(id) else { continue }
                let shown = shownFor[id]
                switch key {
                case "accept", "decline", "tentative":
                    let answer: AnswerAction = key == "accept" ? .accepted : key == "decline" ? .declined : .tentative
                    // Once: a second press before the confirmation replaced it does nothing.
                    open.remove(id)
                    following.remove(id)
                    actions.append(.answer(handle: handle, action: answer, shown: shown))
                case "show", "default":
                    open.remove(id)
                    actions.append(.show(handle: handle))
                default:
                    continue
                }
            case .closed(let id):
                open.remove(id)
                following.remove(id)
                withdrawn.remove(id)
                shownFor[id] = nil
            case .serverChanged(let present):
                capabilities = nil
                // A server started anew knows none of our notifications.
                handles = [:]
                latest = [:]
                open = []
                shownFor = [:]
                following = []
                withdrawn = []
                actions.append(.server(present: present))
            }
        }
        return actions
    }

    var waiting: Bool { !open.isEmpty }

    /// Connects to the session bus; a failure is kept, to be said, and tried again at the next
    /// notification (the loop asks at most once a minute while no server answers).
    private func connect() {
        do {
            bus = try NotificationBus()
            connectionProblem = nil
        } catch {
            connectionProblem = error.message
        }
    }

    /// Drops a connection that closed (the session bus went away): the next notification
    /// connects anew, and no notification of the old one can be acted on.
    private func disconnect() {
        bus = nil
        connectionProblem = "the connection to the session bus closed"
        capabilities = nil
        handles = [:]
        latest = [:]
        open = []
        shownFor = [:]
        following = []
        withdrawn = []
    }

    /// A short notification (5 s, no actions) in place of the handle's latest one; its id.
    private func replace(handle: String, summary: String, body: String) throws(WatchError) -> UInt32 {
        let bus = try connected()
        let markup = try serverCapabilities(bus).contains("body-markup")
        let replaced = latest[handle] ?? 0
        // The server drops it after 5 s.
        let id = try send(
            bus, summary: DesktopNotifier.shown(summary, markup: markup),
            body: DesktopNotifier.shown(body, markup: markup), actions: [], replaces: replaced, expires: 5_000)
        latest[handle] = id
        return id
    }

    private func forget(_ id: UInt32) {
        handles[id] = nil
        open.remove(id)
        following.remove(id)
        withdrawn.remove(id)
        shownFor[id] = nil
    }

    private func connected() throws(WatchError) -> NotificationBus {
        if bus == nil { connect() }
        guard let bus else { throw .noNotificationServer(reason: connectionProblem ?? "no session bus") }
        return bus
    }

    private func serverCapabilities(_ bus: NotificationBus) throws(WatchError) -> [String] {
        if let capabilities { return capabilities }
        do {
            let offered = try bus.capabilities()
            capabilities = offered
            return offered
        } catch {
            if error.closed { disconnect() }
            throw error.serverMissing
                ? .noNotificationServer(reason: error.message) : .notificationFailed(reason: error.message)
        }
    }

    private func send(
        _ bus: NotificationBus, summary: String, body: String, actions: [(key: String, label: String)],
        replaces: UInt32, expires: Int32
    ) throws(WatchError) -> UInt32 {
        do {
            return try bus.notify(summary: summary, body: body, actions: actions, replaces: replaces, expires: expires)
        } catch {
            if error.serverMissing { capabilities = nil }
            if error.closed { disconnect() }
            throw error.serverMissing
                ? .noNotificationServer(reason: error.message) : .notificationFailed(reason: error.message)
        }
    }

    /// A summary or a body as the server is to get it: escaped where it reads markup
    /// (`markup`, its capabilities say `body-markup`), as it is elsewhere.
    static func shown(_ text: String, markup: Bool) -> String {
        markup ? escaped(text) : text
    }

    /// Text as a server that reads markup shows it as written: an organizer's
    /// `<ann@example.org>` is not a tag, nor a title's `<b>` or `&amp;`.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
