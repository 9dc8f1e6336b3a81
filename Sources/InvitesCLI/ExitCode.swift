/// The exit statuses the spec promises.
public enum ExitCode: Int32, Sendable {
    case success = 0
    case failure = 1
    case usage = 2
    case conflict = 3
    case invalidInput = 65
    case noInput = 66
    case ioError = 74
}
