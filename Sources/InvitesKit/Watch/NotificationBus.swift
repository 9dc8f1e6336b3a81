internal import CGLibOnDemand
import Foundation

/// The session bus's `org.freedesktop.Notifications` (the Desktop Notifications
/// Specification), through GDBus: the only place that touches GIO, which is loaded when
/// `watch` first connects (CGLibOnDemand).
///
/// GDBus reads the bus on a thread of its own and hands signals to the main context that was
/// the thread's default when they were subscribed to: that is a context of our own, which
/// `watch` drives from its own `poll` (``descriptors()`` and ``dispatch(_:)``), so that it
/// sleeps until something arrives. The connection does not end the process when the bus goes
/// away, as GDBus's shared connection would by default.
final class NotificationBus {
    /// What the bus told, in the order it came.
    enum Signal: Equatable {
        /// The user chose the action `key` of notification `id`.
        case actionInvoked(id: UInt32, key: String)
        /// Notification `id` was closed (expired, dismissed, or closed by a call).
        case closed(id: UInt32)
        /// The notification server appeared (`true`) or went away.
        case serverChanged(present: Bool)
    }

    /// A call that failed, in GDBus's words; `serverMissing` when no server took it (none
    /// running, one that went away or could not be started, a bus that refused:
    /// ``serverMissing(remote:timedOut:)``).
    struct Failure: Error, Equatable, CustomStringConvertible {
        var message: String
        var serverMissing: Bool
        /// The connection is closed for good: the next call needs a new one.
        var closed = false
        var description: String { message }
    }

    static let name = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"

    private let connection: OpaquePointer
    private let context: OpaquePointer
    private var subscriptions: [UInt32] = []
    private var signals: [Signal] = []
    private var priority: Int32 = 0

    /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`) and listens for the server's
    /// signals.
    init() throws(Failure) {
        if let failure = lazy_load_gio() { throw Failure(message: String(cString: failure), serverMissing: false) }
        let context = lazy_g_main_context_new()
        lazy_g_main_context_push_thread_default(context)
        defer { lazy_g_main_context_pop_thread_default(context) }
        var error: UnsafeMutablePointer<GError>?
        guard let context, let connection = lazy_g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            lazy_g_main_context_unref(context)
            throw NotificationBus.failure(error, serverMissing: true)
        }
        self.context = context
        self.connection = connection
        lazy_g_dbus_connection_set_exit_on_close(connection, 0)
        lazy_g_main_context_acquire(context)
        let me = Unmanaged.passUnretained(self).toOpaque()
        subscriptions = [
            lazy_g_dbus_connection_signal_subscribe(
                connection, nil, NotificationBus.name, nil, NotificationBus.path, nil, G_DBUS_SIGNAL_FLAGS_NONE,
                { _, _, _, _, member, parameters, user in
                    guard let user, let member, let parameters else { return }
                    Unmanaged<NotificationBus>.fromOpaque(user).takeUnretainedValue().received(
                        String(cString: member), parameters)
                }, me, nil),
            lazy_g_dbus_connection_signal_subscribe(
                connection, "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged",
                "/org/freedesktop/DBus", NotificationBus.name, G_DBUS_SIGNAL_FLAGS_NONE,
                { _, _, _, _, _, parameters, user in
                    guard let user, let parameters else { return }
                    Unmanaged<NotificationBus>.fromOpaque(user).takeUnretainedValue().received(
                        "NameOwnerChanged", parameters)
                }, me, nil),
        ]
    }

    deinit {
        for subscription in subscriptions { lazy_g_dbus_connection_signal_unsubscribe(connection, subscription) }
        // Runs what the unsubscriptions left queued, which holds no reference to us any more.
        while lazy_g_main_context_iteration(context, 0) != 0 {}
        lazy_g_main_context_release(context)
        lazy_g_object_unref(UnsafeMutableRawPointer(connection))
        lazy_g_main_context_unref(context)
    }

    /// The server's capabilities (`body`, `actions`, `body-markup`, …).
    func capabilities() throws(Failure) -> [String] {
        let reply = try call("GetCapabilities", nil, replyType: "(as)")
        defer { lazy_g_variant_unref(reply) }
        let list = lazy_g_variant_get_child_value(reply, 0)
        defer { lazy_g_variant_unref(list) }
        return (0..<lazy_g_variant_n_children(list)).map { index in
            let item = lazy_g_variant_get_child_value(list, index)
            defer { lazy_g_variant_unref(item) }
            return String(cString: lazy_g_variant_get_string(item, nil))
        }
    }

    /// `Notify(susssasa{sv}i)`: shows a notification, replacing notification `replaces` when it
    /// is not 0, with `actions` as pairs of key and label, for `expires` milliseconds (-1: as
    /// long as the server keeps notifications); the server's id for it.
    func notify(
        summary: String, body: String, actions: [(key: String, label: String)], replaces: UInt32, expires: Int32
    ) throws(Failure) -> UInt32 {
        let words = actions.flatMap { [$0.key, $0.label] }
        let strings = words.map { strdup($0) }
        defer { for pointer in strings { free(pointer) } }
        let list = strings.map { UnsafePointer($0) }
        var arguments: [OpaquePointer?] = [
            lazy_g_variant_new_string("invites"), lazy_g_variant_new_uint32(replaces), lazy_g_variant_new_string(""),
            lazy_g_variant_new_string(summary), lazy_g_variant_new_string(body),
            list.withUnsafeBufferPointer { lazy_g_variant_new_strv($0.baseAddress, gssize($0.count)) },
            "{sv}".withCString { lazy_g_variant_new_array(lazy_variant_type($0), nil, 0) },
            lazy_g_variant_new_int32(expires),
        ]
        let parameters = arguments.withUnsafeMutableBufferPointer {
            lazy_g_variant_new_tuple($0.baseAddress, gsize($0.count))
        }
        let reply = try call("Notify", parameters, replyType: "(u)")
        defer { lazy_g_variant_unref(reply) }
        let id = lazy_g_variant_get_child_value(reply, 0)
        defer { lazy_g_variant_unref(id) }
        return lazy_g_variant_get_uint32(id)
    }

    /// The poll descriptors GLib waits on for the bus, and how long it may wait at most in
    /// milliseconds (-1: no limit).
    func descriptors() -> (descriptors: [pollfd], timeout: Int32) {
        var priority: Int32 = 0
        lazy_g_main_context_prepare(context, &priority)
        self.priority = priority
        var timeout: Int32 = -1
        var fds = [GPollFD](repeating: GPollFD(), count: 4)
        var count = lazy_g_main_context_query(context, priority, &timeout, &fds, Int32(fds.count))
        if Int(count) > fds.count {
            fds = [GPollFD](repeating: GPollFD(), count: Int(count))
            count = lazy_g_main_context_query(context, priority, &timeout, &fds, count)
        }
        let ready = fds.prefix(Int(count)).map {
            pollfd(fd: $0.fd, events: Int16(truncatingIfNeeded: $0.events), revents: 0)
        }
        return (ready, timeout)
    }

    /// Runs what the descriptors (as ``descriptors()`` gave them, with what poll found) made
    /// ready, and returns the signals that came.
    func dispatch(_ polled: [pollfd]) -> [Signal] {
        var fds = polled.map {
            GPollFD(
                fd: $0.fd, events: UInt16(truncatingIfNeeded: $0.events),
                revents: UInt16(truncatingIfNeeded: $0.revents))
        }
        if lazy_g_main_context_check(context, priority, &fds, Int32(fds.count)) != 0 {
            lazy_g_main_context_dispatch(context)
        }
        defer { signals = [] }
        return signals
    }

    private func received(_ member: String, _ parameters: OpaquePointer) {
        func child(_ index: Int) -> OpaquePointer { lazy_g_variant_get_child_value(parameters, gsize(index)) }
        func string(_ index: Int) -> String {
            let value = child(index)
            defer { lazy_g_variant_unref(value) }
            return String(cString: lazy_g_variant_get_string(value, nil))
        }
        func number(_ index: Int) -> UInt32 {
            let value = child(index)
            defer { lazy_g_variant_unref(value) }
            return lazy_g_variant_get_uint32(value)
        }
        let type = String(cString: lazy_g_variant_get_type_string(parameters))
        switch (member, type) {
        case ("ActionInvoked", "(us)"): signals.append(.actionInvoked(id: number(0), key: string(1)))
        case ("NotificationClosed", "(uu)"): signals.append(.closed(id: number(0)))
        case ("NameOwnerChanged", "(sss)"): signals.append(.serverChanged(present: !string(2).isEmpty))
        default: break
        }
    }

    /// `CloseNotification(u)`: takes notification `id` off the screen.
    func close(id: UInt32) throws(Failure) {
        var arguments: [OpaquePointer?] = [lazy_g_variant_new_uint32(id)]
        let parameters = arguments.withUnsafeMutableBufferPointer {
            lazy_g_variant_new_tuple($0.baseAddress, gsize($0.count))
        }
        lazy_g_variant_unref(try call("CloseNotification", parameters, replyType: "()"))
    }

    /// How long a call waits for the server, in milliseconds.
    static let callTimeout: Int32 = 5_000

    private func call(_ method: String, _ parameters: OpaquePointer?, replyType: String) throws(Failure)
        -> OpaquePointer
    {
        var error: UnsafeMutablePointer<GError>?
        // The type is the string itself (G_VARIANT_TYPE is a cast): it must outlive the call.
        let reply = replyType.withCString { type in
            lazy_g_dbus_connection_call_sync(
                connection, NotificationBus.name, NotificationBus.path, NotificationBus.name, method, parameters,
                lazy_variant_type(type), G_DBUS_CALL_FLAGS_NONE, NotificationBus.callTimeout, nil, &error)
        }
        guard let reply else {
            let remote = error.flatMap { lazy_g_dbus_error_get_remote_error($0) }
            defer { lazy_g_free(remote) }
            var local: Local?
            if let error, error.pointee.domain == lazy_g_io_error_quark() {
                switch Int(error.pointee.code) {
                case Int(G_IO_ERROR_TIMED_OUT.rawValue): local = .timedOut
                case Int(G_IO_ERROR_CLOSED.rawValue): local = .closed
                default: local = nil
                }
            }
            throw NotificationBus.failure(error, remote: remote.map { String(cString: $0) }, local: local)
        }
        return reply
    }

    /// A call that failed on this side of the bus, in the ways that mean no server takes calls.
    enum Local: Sendable, Equatable {
        /// No answer came within ``callTimeout`` (a server that hangs, or is still starting).
        case timedOut
        /// The connection to the bus is closed (the session bus went away): a new one is needed.
        case closed
    }

    /// Whether a call that failed with the D-Bus error `remote` (`nil`: none came from the
    /// bus), or on this side (`local`), found no server to take it, rather than a server that
    /// refused it: none owns the name and none can be started (`ServiceUnknown`,
    /// `NameHasNoOwner`), one was started and failed (`Spawn.ChildExited` and the other `Spawn.`
    /// errors: dunst installed with no display), the bus refused to start or reach it
    /// (`AccessDenied`, `TimedOut`, `NoReply`), none answered in time, or the bus is gone.
    static func serverMissing(remote: String?, local: Local? = nil) -> Bool {
        if local != nil { return true }
        guard let remote else { return false }
        let prefix = "org.freedesktop.DBus.Error."
        guard remote.hasPrefix(prefix) else { return false }
        let name = remote.dropFirst(prefix.count)
        return name.hasPrefix("Spawn.")
            || ["ServiceUnknown", "NameHasNoOwner", "AccessDenied", "TimedOut", "NoReply", "NoServer", "Disconnected"]
                .contains(String(name))
    }

    /// A failure's words as the user is to read them: GDBus's `GDBus.Error:NAME: ` before a
    /// remote error's own message left out, and what a failed start or a call without answer
    /// means said first.
    static func reason(_ message: String, remote: String?, local: Local? = nil) -> String {
        var text = message
        if let remote, text.hasPrefix("GDBus.Error:\(remote): ") {
            text = String(text.dropFirst("GDBus.Error:\(remote): ".count))
        }
        switch local {
        case .timedOut?: return "it did not answer within \(callTimeout / 1000) s"
        case .closed?: return "the connection to the session bus closed"
        case nil: break
        }
        if remote?.hasPrefix("org.freedesktop.DBus.Error.Spawn.") == true {
            return "the session bus could not start one: \(text)"
        }
        if remote == "org.freedesktop.DBus.Error.AccessDenied" { return "the session bus refused: \(text)" }
        return text
    }

    private static func failure(_ error: UnsafeMutablePointer<GError>?, remote: String?, local: Local?) -> Failure {
        let missing = serverMissing(remote: remote, local: local)
        var message = "an unknown D-Bus error"
        if let error {
            defer { lazy_g_error_free(error) }
            message = error.pointee.message.map { String(cString: $0) } ?? message
        }
        return Failure(
            message: reason(message, remote: remote, local: local), serverMissing: missing, closed: local == .closed)
    }

    private static func failure(_ error: UnsafeMutablePointer<GError>?, serverMissing: Bool) -> Failure {
        guard let error else { return Failure(message: "an unknown D-Bus error", serverMissing: serverMissing) }
        defer { lazy_g_error_free(error) }
        let message = error.pointee.message.map { String(cString: $0) } ?? "an unknown D-Bus error"
        return Failure(message: message, serverMissing: serverMissing)
    }
}
