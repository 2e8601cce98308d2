"""One writer per tournament database: `lamen run` holds an exclusive lock on a file beside the
database (`tournament.db.lock`) for as long as it plays.

The lock is an OS lock (flock) on that file, not the file's existence: the kernel releases it when
the holding process ends, however it ends (SIGKILL included), so a lock left by a killed run is
never stale — the next run simply takes it. The file holds the holder's pid and start time only to
name it in the refusal."""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from lamen.spec.problems import Problem, SpecError
from lamen.text_safety import one_line


def lock_path(database: Path) -> Path:
    return database.with_name(database.name + ".lock")


class DatabaseLock:
    """`with DatabaseLock(db):` — refuses at once when a live run holds `db`, or waits for it
    with `wait=True` (calling `on_wait` with the holder's description first)."""

    def __init__(self, database: Path, *, wait: bool = False, on_wait: Callable[[str], None] | None = None) -> None:
        self.database = Path(database)
        self.path = lock_path(self.database)
        self.wait = wait
        self.on_wait = on_wait
        self._fd: int | None = None

    def holder(self) -> str:
        """Who holds the lock, as its file says (best effort: the file may be mid-write)."""
        try:
            text = self.path.read_text(encoding="utf-8", errors="replace").split()
        except OSError:
            return "another process"
        pid = text[0] if text and text[0].isdigit() else "?"
        since = ""
        if len(text) > 1:
            try:
                since = f", started {time.strftime('%Y-%m-%d %H:%M:%S', time.localtime(float(text[1])))}"
            except (ValueError, OverflowError):
                since = ""
        return f"lamen run (pid {pid}{since})"

    def _refusal(self, holder: str) -> SpecError:
        return SpecError([Problem(f"{one_line(str(self.database))}: {holder} is writing this database",
                                  "wait for it to finish, run again with --wait, or give another --db")])

    def refuse_if_held(self) -> None:
        """Refuse now if a live run holds the database — creating nothing (for checks that come
        before `acquire`). With `wait`, nothing to do: `acquire` will wait."""
        if self.wait:
            return
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            return  # no lock file: no run has ever held it
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            raise self._refusal(self.holder()) from None
        finally:
            os.close(fd)

    def acquire(self) -> None:
        self.database.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = self.holder()
                if not self.wait:
                    raise self._refusal(holder) from None
                if self.on_wait is not None:
                    self.on_wait(f"waiting for {holder} to finish with {self.database}")
                fcntl.flock(fd, fcntl.LOCK_EX)
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()} {time.time():.0f}\n".encode(), 0)
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            try:
                os.ftruncate(self._fd, 0)  # no pid left behind to mislead a reader
            except OSError:
                pass
            os.close(self._fd)  # closing drops the lock
            self._fd = None

    def __enter__(self) -> "DatabaseLock":
        self.acquire()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.release()
