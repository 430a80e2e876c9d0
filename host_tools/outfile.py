"""Every file the PC tools write (-o, --out, screenshots) goes through
write_file: the target must be a plain file or not exist yet (never a
symbolic link, a folder, a device or a pipe), the data goes into a temp
file of unpredictable name created exclusively in the target's folder
(tempfile.mkstemp: a symlink planted there is never followed), which then
takes the target's mode (and owner, when allowed) and is renamed over it.
So the old file stays whole if anything fails, and a file writable by
someone else cannot redirect the write.

safe_name makes a file name out of data (a game id, a device's item
name): no separator, no NUL or control character, no leading dot."""

import os
import stat
import tempfile


class OutputError(OSError):
    """The target cannot be written; the text says why and what to do."""

    def __str__(self):
        return self.args[0]


def safe_name(text, fallback="file", most=120):
    """text as one file name: only ASCII letters, digits, "-", "_" and "."
    (others become "_"), never starting with "." and never empty."""
    name = "".join(c if c.isascii() and (c.isalnum() or c in "-_.")
                   else "_" for c in str(text))[:most]
    if name.startswith("."):
        name = "_" + name[1:]
    return name or fallback


def check_target(path):
    """The target's os.stat_result (None if it does not exist yet), or
    OutputError if it is not a file marcador may replace."""
    path = os.fspath(path)
    if not path or path.endswith(("/", os.sep)):
        raise OutputError(f"{path!r} names a folder: give a file name")
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    except NotADirectoryError:
        st = None               # the folder check below says which
    except OSError as ex:
        raise OutputError(f"cannot write {path}: {ex.strerror or ex}")
    if st is not None:
        if stat.S_ISLNK(st.st_mode):
            raise OutputError(f"{path} is a symbolic link: marcador "
                              f"replaces only plain files; give the file "
                              f"it points to, or another name")
        if stat.S_ISDIR(st.st_mode):
            raise OutputError(f"{path} is a folder: give a file name")
        if not stat.S_ISREG(st.st_mode):
            raise OutputError(f"{path} is not a regular file (a device, a "
                              f"pipe or a socket): give a file name, or - "
                              f"for standard output where the command "
                              f"allows it")
        return st
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        if os.path.lexists(folder):
            raise OutputError(f"cannot write {path}: {folder} is not a "
                              f"folder")
        raise OutputError(f"cannot write {path}: there is no folder "
                          f"{folder}; create it first, or give another "
                          f"name")
    return None


def _umask():
    old = os.umask(0o022)
    os.umask(old)
    return old


def _take_over(fd, tmp, st):
    # The temp file gets the target's mode and owner (a new file: the
    # usual 666 less the umask; mkstemp made it 600).
    mode = (0o666 & ~_umask() if st is None
            else stat.S_IMODE(st.st_mode) & 0o777)
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    else:                               # Windows: only the read-only bit
        os.chmod(tmp, mode)
    if st is not None and hasattr(os, "fchown") and \
            (st.st_uid, st.st_gid) != (os.geteuid(), os.getegid()):
        try:
            os.fchown(fd, st.st_uid, st.st_gid)
        except OSError:
            pass                        # not allowed: the file becomes ours


def write_file(path, write):
    """write(binary file) into a new temp file beside path, then rename it
    over path. Raises OutputError (nothing changed) if path may not be
    replaced or the write fails; what write() raises otherwise passes
    through, the temp file removed."""
    path = os.fspath(path)
    st = check_target(path)
    folder = os.path.dirname(path) or "."
    try:
        fd, tmp = tempfile.mkstemp(
            prefix=f".{os.path.basename(path)[:100]}.", suffix=".tmp",
            dir=folder)
    except OSError as ex:
        raise OutputError(f"cannot write {path}: {ex.strerror or ex}")
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            _take_over(f.fileno(), tmp, st)
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as ex:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(ex, OSError) and not isinstance(ex, OutputError):
            kept = (" (the previous file is unchanged)" if st is not None
                    else "")
            raise OutputError(f"cannot write {path}: "
                              f"{ex.strerror or ex}{kept}") from None
        raise
