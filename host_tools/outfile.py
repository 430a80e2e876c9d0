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
from urllib.parse import quote


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


# ------------------------------------------------ a page and its folder

MARKER = ".marcador-report"     # in every folder write_pages makes


def pages_folder(path):
    """The folder beside path that holds the pages it links to:
    games.html -> games_files (as a browser saves a page whole)."""
    path = os.fspath(path)
    base = os.path.basename(path)
    stem = base[:-5] if base.lower().endswith(".html") else base
    return os.path.join(os.path.dirname(path), stem + "_files")


class PageFolder:
    """Where write_pages' linked pages go: add(name, data) writes one
    (name: ASCII letters, digits, "-", "." only, chosen by the program,
    never by data) into the new folder, created exclusively; href(name)
    links it from the main page, home links back to the main page."""

    def __init__(self, tmp, path, folder):
        self._tmp = tmp
        self.home = "../" + quote(os.path.basename(path))
        self._prefix = quote(os.path.basename(folder)) + "/"
        self.names = []

    def href(self, name):
        return self._prefix + name

    def add(self, name, data):
        if safe_name(name) != name or name.startswith("."):
            raise ValueError(f"not a page name: {name!r}")
        fd = os.open(os.path.join(self._tmp, name),
                     os.O_WRONLY | os.O_CREAT | os.O_EXCL
                     | getattr(os, "O_NOFOLLOW", 0), 0o666)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        self.names.append(name)


def _check_folder(folder):
    """The pages folder's os.stat_result (None if missing), or
    OutputError when it is not one write_pages made (a symbolic link, a
    file, someone's own folder)."""
    try:
        st = os.lstat(folder)
    except FileNotFoundError:
        return None
    except OSError as ex:
        raise OutputError(f"cannot write {folder}: {ex.strerror or ex}")
    if stat.S_ISLNK(st.st_mode):
        raise OutputError(f"{folder} is a symbolic link: marcador replaces "
                          f"only a folder of pages it wrote; remove it, or "
                          f"give another name")
    if not stat.S_ISDIR(st.st_mode) or not os.path.isfile(
            os.path.join(folder, MARKER)) or os.path.islink(
            os.path.join(folder, MARKER)):
        raise OutputError(f"{folder} is there and is not a folder of pages "
                          f"marcador wrote: move it away, or give another "
                          f"name")
    return st


def write_pages(path, write):
    """write(main file, PageFolder): the main page into path as
    write_file does, and the pages it links to into the folder
    pages_folder(path), made new in a temp folder of unpredictable name
    (tempfile.mkdtemp, 0700: nothing planted there is followed) and
    renamed into place once the main page is; a folder there from a
    previous report (it holds MARKER) is replaced whole, anything else
    is refused. Raises OutputError with nothing changed."""
    path = os.fspath(path)
    check_target(path)
    folder = pages_folder(path)
    old = _check_folder(folder)
    parent = os.path.dirname(path) or "."
    try:
        tmp = tempfile.mkdtemp(prefix=f".{os.path.basename(folder)[:100]}.",
                               suffix=".tmp", dir=parent)
    except OSError as ex:
        raise OutputError(f"cannot write {folder}: {ex.strerror or ex}")
    aside = None
    try:
        pages = PageFolder(tmp, path, folder)

        def main(f):
            write(f, pages)
            with open(os.path.join(tmp, MARKER), "xb") as m:
                m.write(b"pages of a marcador report; marcador replaces "
                        b"this folder with the next report\n")
            os.chmod(tmp, 0o777 & ~_umask())
        try:
            write_file(path, main)
        except OSError as ex:
            if isinstance(ex, OutputError):
                raise
            raise OutputError(f"cannot write {folder}: "
                              f"{ex.strerror or ex}") from None
        moved = None
        try:
            if old is not None:
                # Into a new folder, not onto it: Windows refuses to
                # rename a folder onto an existing one, even empty.
                aside = tempfile.mkdtemp(prefix=".old.", suffix=".tmp",
                                         dir=parent)
                moved = os.path.join(aside, "pages")
                os.replace(folder, moved)   # a rename, never followed
            os.replace(tmp, folder)
        except OSError as ex:
            if moved is not None and os.path.lexists(moved):
                try:
                    os.replace(moved, folder)
                except OSError:
                    aside = None    # keep the old pages where they are
            raise OutputError(f"wrote {path} but cannot put its pages in "
                              f"{folder}: {ex.strerror or ex}") from None
    except BaseException:
        _remove(tmp)
        raise
    finally:
        if aside is not None:
            _remove(aside)


def _remove(folder):
    # shutil.rmtree never follows a symbolic link inside; a link put in
    # the folder's place is only unlinked.
    import shutil
    try:
        if os.path.islink(folder):
            os.unlink(folder)
        else:
            shutil.rmtree(folder)
    except OSError:
        pass
