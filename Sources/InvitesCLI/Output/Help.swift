import InvitesKit
import InvitesModel

/// Help text in the sections swift-argument-parser prints (OVERVIEW, USAGE, OPTIONS,
/// SUBCOMMANDS), and the man page made from the same table.
enum Help {
    static let globalOptions: [(String, String)] = [
        (
            "--home DIR",
            "where the inbox and history live (default: $INVITES_HOME, else $XDG_DATA_HOME/invites, else ~/.local/share/invites)"
        ),
        (
            "--calendar PATH",
            "your calendar: an .ics file or a vdir folder; repeatable; accepted invites go into the first (default: $INVITES_CALENDAR, else the config, else DIR/calendar.ics)"
        ),
        ("--tz ZONE", "the display time zone, e.g. Europe/Berlin (default: $TZ, else the config, else the system's)"),
        ("--me ADDR", "one of your addresses; repeatable (default: $INVITES_ME, comma-separated, else the config)"),
        ("--config FILE", "the config file (default: $XDG_CONFIG_HOME/invites/config, else ~/.config/invites/config)"),
        ("--json", "print one JSON document and nothing else on standard output"),
        ("--color auto|always|never", "colour on a terminal (default: auto; NO_COLOR and TERM=dumb turn it off)"),
        ("-h, --help", "show help"),
        ("--version", "show the version"),
    ]

    static func overview(_ commands: [InvitesCommand.Entry]) -> String {
        var text = "OVERVIEW: Calendar invites beside your own calendar, in the terminal.\n\n"
        text += "USAGE: invites [OPTIONS] COMMAND\n\nOPTIONS:\n" + table(globalOptions)
        text += "\nSUBCOMMANDS:\n" + table(commands.map { ($0.name, $0.summary) })
        text += "\nSee 'invites help COMMAND' for detailed help.\n"
        return text
    }

    static func command(_ entry: InvitesCommand.Entry) -> String {
        var text = "OVERVIEW: \(entry.summary)\n\nUSAGE: invites [OPTIONS] \(entry.usage)\n"
        if !entry.options.isEmpty { text += "\nOPTIONS:\n" + table(entry.options) }
        text += "\nGLOBAL OPTIONS:\n" + table(globalOptions)
        if !entry.examples.isEmpty { text += "\nEXAMPLES:\n" + entry.examples.map { "  " + $0 + "\n" }.joined() }
        return text
    }

    /// Two columns, the second wrapped at 80.
    private static func table(_ rows: [(String, String)]) -> String {
        var text = ""
        for (name, description) in rows {
            var line = "  " + name
            var words = description.split(separator: " ").map(String.init)
            if line.count > 26 {
                text += line + "\n"
                line = ""
            }
            while !words.isEmpty {
                var column = line.padding(toLength: 28, withPad: " ", startingAt: 0)
                while let word = words.first, column.count + word.count + 1 <= 80 || column.count <= 28 {
                    column += (column.count > 28 ? " " : "") + word
                    words.removeFirst()
                }
                text += column + "\n"
                line = ""
            }
        }
        return text
    }

    /// `invites(1)` in roff, for `make install`.
    static func manPage(_ commands: [InvitesCommand.Entry]) -> String {
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
                .split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }.joined(separator: "\n")
        }
        var text = ".TH INVITES 1 \"\" \"invites \(ProductVersion.current)\" \"User Commands\"\n"
        text += ".SH NAME\ninvites \\- calendar invites beside your own calendar, in the terminal\n"
        text += ".SH SYNOPSIS\n.B invites\n[\\fIOPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR]\n"
        text +=
            ".SH DESCRIPTION\nReads invitations (push payloads, iTIP iCalendar files, e-mail) into an inbox, shows each "
        text +=
            "beside the events of your calendars that lie near it with an ASCII timeline, records your answers in a "
        text += "history and writes accepted invites into your calendar, and makes the iTIP REPLY for the organizer.\n"
        text += ".SH OPTIONS\n"
        for (name, description) in globalOptions { text += ".TP\n.B \(escape(name))\n\(escape(description))\n" }
        text += ".SH COMMANDS\n"
        for entry in commands {
            text += ".TP\n.B invites \(escape(entry.usage))\n\(escape(entry.summary)).\n"
            for (name, description) in entry.options {
                text += ".RS\n.TP\n.B \(escape(name))\n\(escape(description))\n.RE\n"
            }
        }
        text +=
            ".SH EXIT STATUS\n0 done; 1 the command failed for a reason it printed, or ingest read several files and "
        text += "some were not ingested (it names them); 2 wrong usage, a bad value in the config file included; "
        text += "3 (check) the invite "
        text +=
            "conflicts; 65 the input was not a valid invite or calendar; 66 a file named on the command line does not "
        text +=
            "exist; 74 reading or writing failed (nothing was lost); 141 standard output was closed before everything "
        text +=
            "was written (as in invites list | head), which ends the command quietly, as a filter killed by SIGPIPE "
        text += "would, also where SIGPIPE is ignored. With --json a failure also prints {\"error\": {...}} on "
        text += "standard output, with the same status; docs/json-schema.json describes every document.\n"
        text +=
            ".SH FILES\n.TP\n.I ~/.config/invites/config\nkey = value lines: calendar, me (addresses separated by commas), tz, before, after, color, occurrences, name, send, sendmail, respond_url, workday, workdays, scheduling; a # after a blank starts a comment, and a value in double quotes is taken as written inside them.\n"
        text += ".TP\n.I ~/.local/share/invites/invites.sqlite3\nthe inbox, the history and the outbox.\n"
        text +=
            ".SH ENVIRONMENT\nINVITES_HOME, INVITES_CALENDAR, INVITES_ME, INVITES_CONFIG, XDG_DATA_HOME, XDG_CONFIG_HOME, TZ, COLUMNS, NO_COLOR.\n"
        text += ".SH EXAMPLES\n"
        for entry in commands { for example in entry.examples { text += ".PP\n.nf\n\(escape(example))\n.fi\n" } }
        return text
    }
}
