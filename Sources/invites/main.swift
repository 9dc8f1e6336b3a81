import Foundation
import InvitesCLI
import InvitesKit
import InvitesSystem

// Errors, not signals: a closed pipe (SIGPIPE) and a file size limit (SIGXFSZ) would otherwise
// kill the process in the middle of a write; ignored, the write returns EPIPE or EFBIG, and
// InvitesCLI ends with 141 or 74 and leaves every file as it was.
Posix.ignore(SIGPIPE)
Posix.ignore(SIGXFSZ)
Posix.exit(InvitesCommand.run(Array(CommandLine.arguments.dropFirst()), environment: .process()))
