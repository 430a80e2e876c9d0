"""Progress of a long command on stderr, never on stdout (which may be
--json or a pipe): shown when stderr is a terminal and the work has taken
over half a second (a quick one shows nothing), or when asked
(--progress) on any stderr from the start. On a terminal one line redrawn
in place (at most every 0.2 s); elsewhere a line at every tenth of the
work, so a log file stays short."""

import sys
import time


class Progress:
    QUIET = 0.5     # seconds of work a terminal sees nothing of

    def __init__(self, what, total, stream=None, force=False,
                 clock=time.monotonic):
        self.stream = stream or sys.stderr
        self.tty = _isatty(self.stream)
        self.on = (self.tty or force) and total > 0
        self.what, self.total = what, total
        self.next_tenth = 1
        self.clock = clock
        self.start = clock()
        self.force = force
        self.last = None

    def __call__(self, done, total=None):
        """done of the total so far; total, if given, replaces the one
        first given (the work turned out smaller: rows left out)."""
        if total is not None:
            self.total = total
        if not self.on:
            return
        if self.tty:
            now = self.clock()
            if self.last is None and not self.force and \
                    now - self.start < self.QUIET:
                return              # quick so far: nothing to show yet
            if self.last is not None and now - self.last < 0.2 and \
                    done < self.total:
                return
            self.last = now
            self.stream.write(f"\r{self.what}: {done:,} / {self.total:,}")
            if done >= self.total:
                self.stream.write("\n")
        elif done * 10 >= self.next_tenth * self.total:
            while done * 10 >= self.next_tenth * self.total:
                self.next_tenth += 1
            self.stream.write(f"{self.what}: {done:,} / {self.total:,}\n")
        self.stream.flush()


def _isatty(stream):
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
