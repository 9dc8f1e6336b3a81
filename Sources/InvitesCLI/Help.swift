/// Help text in the sections swift-argument-parser prints: OVERVIEW, USAGE, OPTIONS, SUBCOMMANDS.
enum Help {
    static let globalOptions = """
          --home DIR              where the inbox and history live
                                  (default: $INVITES_HOME, else $XDG_DATA_HOME/invites, else ~/.local/share/invites)
          --calendar PATH         your calendar: an .ics file or a vdir folder; repeatable
                                  (default: $INVITES_CALENDAR, else the config, else DIR/calendar.ics)
          --tz ZONE               the display time zone, e.g. Europe/Berlin (default: $TZ, else the system's)
          --me ADDR               one of your addresses; repeatable (default: $INVITES_ME, else the config)
          --json                  print one JSON document and nothing else on standard output
          --color auto|always|never
                                  colour on a terminal (default: auto; NO_COLOR turns it off)
          -h, --help              show help

        """

    static func overview(_ commands: [InvitesCommand.Entry]) -> String {
        var text = """
            OVERVIEW: Calendar invites beside your own calendar, in the terminal.

            USAGE: invites [OPTIONS] COMMAND

            OPTIONS:

            """
        text += globalOptions
        text += "\nSUBCOMMANDS:\n"
        for entry in commands {
            text += "  " + entry.name.padding(toLength: 22, withPad: " ", startingAt: 0) + "  " + entry.summary + "\n"
        }
        text += "\nSee 'invites help COMMAND' for detailed help.\n"
        return text
    }

    static func command(_ entry: InvitesCommand.Entry) -> String {
        """
        OVERVIEW: \(entry.summary)

        USAGE: invites [OPTIONS] \(entry.usage)

        OPTIONS:
        \(globalOptions)
        """
    }
}
