"""Result files written by a child process, off the tests' path.

Creating a small file costs the kernel 0.05-0.6 ms on the machines this harness runs on (inode
and directory-entry allocation; much more within minutes of many deletions: docs/PERFORMANCE.md),
and allure writes two per test: in a serial run of the suites that was 5.2 s of 31 s, all of it
CPU of the process running the tests. ``FileWriter`` hands each file, whole, to a child process
through a pipe (one ``write`` per file, a few microseconds), and the child creates it as
allure does (a temporary name, then a rename: a reader never sees half a file). In a serial run
the child works on the core the tests leave idle.

Nothing is lost to it: ``close`` (at the end of the session) waits until the child has written
every file it was given and says how many it could not write and why; a child that cannot be
started, or dies, is replaced by writing in this process, for that file and every later one.

Run as a script, this file is the child: stdin carries frames (``<II``: the path's length, the
content's length; the path in UTF-8; the content), it writes each, and exits 1 after stating on
stderr what it could not write. It imports nothing beyond the standard library and runs with
``python -S``.
"""
from __future__ import annotations

import os
import struct
import sys

HEADER = struct.Struct("<II")


def write_file(path: str, data: bytes) -> None:
    """``data`` as the file ``path``, atomically: a temporary name, then a rename."""
    tmp = path + ".tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)
    os.replace(tmp, path)


def _child_main() -> int:
    inp = sys.stdin.buffer
    failed, first = 0, ""
    while True:
        head = inp.read(HEADER.size)
        if not head:
            break
        if len(head) < HEADER.size:
            failed, first = failed + 1, first or "a truncated frame (the parent stopped mid-file)"
            break
        n_path, n_data = HEADER.unpack(head)
        path, data = inp.read(n_path).decode("utf-8"), inp.read(n_data)
        if len(data) < n_data:
            failed, first = failed + 1, first or f"{path}: truncated (the parent stopped mid-file)"
            break
        try:
            write_file(path, data)
        except OSError as exc:
            failed, first = failed + 1, first or f"{path}: {exc}"
    if failed:
        sys.stderr.write(f"{failed} file(s) not written; the first: {first}\n")
        return 1
    return 0


class FileWriter:
    """Files handed to a child process (started at the first file), or written here when there
    is none. ``close`` returns None when every file was written, else what went wrong."""

    def __init__(self) -> None:
        self._proc = None
        self._fd: int | None = None
        self._direct = False                  # no child (it could not start, or closed): write here
        self._lost: str | None = None         # files the child may not have written (it died)
        self.sent = 0

    def _start(self) -> None:
        import subprocess
        try:
            self._proc = subprocess.Popen([sys.executable, "-S", os.path.abspath(__file__)],
                                          stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                          stderr=subprocess.PIPE, close_fds=True)
        except OSError:                           # no child: every file is written here
            self._direct = True
            return
        self._fd = self._proc.stdin.fileno()

    def write(self, path: str, data: bytes) -> None:
        if self._fd is None and self._proc is None and not self._direct:
            self._start()
        if self._fd is not None:
            encoded = path.encode("utf-8")
            frame = memoryview(HEADER.pack(len(encoded), len(data)) + encoded + data)
            try:
                while frame:
                    frame = frame[os.write(self._fd, frame):]
                self.sent += 1
                return
            except OSError as exc:              # the child is gone: what it had may be lost
                self._lost = (f"the writer process stopped ({exc}) after {self.sent} files were handed to it; "
                              f"those it had not written yet are missing")
                self._fd, self._direct = None, True
        write_file(path, data)

    def close(self) -> str | None:
        """Wait until the child has written everything; None, or what was not written. Files
        given after this are written in this process."""
        problems = [self._lost] if self._lost else []
        proc, self._proc, self._fd, self._direct = self._proc, None, None, True
        if proc is not None:
            try:
                _, err = proc.communicate()
            except OSError as exc:              # stdin already broken
                err = str(exc).encode()
            if proc.returncode < 0 and not self._lost:   # killed, whether or not a write saw it
                problems.append(f"the writer process was killed by signal {-proc.returncode} after {self.sent} "
                                f"files were handed to it; those it had not written yet are missing")
            elif proc.returncode != 0:
                text = err.decode("utf-8", "replace").strip() or f"exit status {proc.returncode}"
                problems.append(f"writer process: {text}")
        return "; ".join(problems) or None


if __name__ == "__main__":
    sys.exit(_child_main())
