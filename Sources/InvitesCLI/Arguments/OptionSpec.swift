import InvitesKit

/// The options one command takes.
struct OptionSpec: Sendable {
    /// Options that take a value (`--width 80`, `--width=80`); the flag may repeat.
    var values: Set<String> = []
    /// Options that stand alone (`--json`).
    var flags: Set<String> = []
}
