import Foundation

/// Notifications through the session bus's notification server: Accept, Decline, Tentative
/// and Show on each invitation where the server offers actions (its capabilities say
/// `actions`), a plain notification where it does not. A changed invitation replaces its
/// earlier notification; only the ids this process was given are acted on, since
/// `ActionInvoked` reaches every listener.
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

    static let actions: [(key: String, label: String)] = [
        ("accept", "Accept"), ("decline", "Decline"), ("tentative", "Tentative"), ("show", "Show"),
    ]

    init() {
        do {
            bus = try NotificationBus()
        } catch {
            connectionProblem = error.message
        }
    }

    func notify(_ event: WatchEvent, text: NotificationText) throws(WatchError) {
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
        if let earlier = latest[event.handle], earlier != id {
            handles[earlier] = nil
            open.remove(earlier)
        }
        handles[id] = event.handle
        latest[event.handle] = id
        if !actions.isEmpty { open.insert(id) }
    }

    func confirm(handle: String, summary: String, body: String) throws(WatchError) {
        let bus = try connected()
        let markup = try serverCapabilities(bus).contains("body-markup")
        let replaced = latest[handle] ?? 0
        // A short notification in place of the invitation's: the server drops it after 5 s.
        let id = try send(
            bus, summary: DesktopNotifier.shown(summary, markup: markup),
            body: DesktopNotifier.shown(body, markup: markup), actions: [], replaces: replaced, expires: 5_000)
        open.remove(replaced)
        handles[replaced] = nil
        latest[handle] = id
        handles[id] = handle
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
                guard let handle = handles[id], open.contains(id) else { continue }
                open.remove(id)
                switch key {
                case "accept": actions.append(.answer(handle: handle, action: .accepted))
                case "decline": actions.append(.answer(handle: handle, action: .declined))
                case "tentative": actions.append(.answer(handle: handle, action: .tentative))
                case "show", "default": actions.append(.show(handle: handle))
                default: open.insert(id)
                }
            case .closed(let id):
                open.remove(id)
            case .serverChanged(let present):
                capabilities = nil
                // A server started anew knows none of our notifications.
                handles = [:]
                latest = [:]
                open = []
                actions.append(.server(present: present))
            }
        }
        return actions
    }

    var waiting: Bool { !open.isEmpty }

    private func connected() throws(WatchError) -> NotificationBus {
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
