import Foundation
import InvitesCLI

exit(InvitesCommand.run(Array(CommandLine.arguments.dropFirst()), environment: .process()))
