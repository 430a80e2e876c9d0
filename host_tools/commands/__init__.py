"""The `marcador` subcommands, one module per group (host_tools/cli.py has
the one table of them):

    records.py    score
    simulator.py  sim
    device.py     flash, sync, roster, settings
    archived.py   games, show, stats, plot, report, export, damaged, import

Each command is a pair: `do_NAME(state, args)` runs it and returns nothing
(errors are raised; cli.ERRORS maps each type to its message and exit
code), `args_NAME(parser)` adds its arguments.
"""
