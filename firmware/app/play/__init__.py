# The play screens of each title: app/play/<id>.py (its Play screen, its
# options before a game: ask_options), all built on app/play/base.py.
