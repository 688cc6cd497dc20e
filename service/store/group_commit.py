"""Group commit: saves that arrive together in one process go to the store
in one transaction.

A store takes turns over its writers (eventsourcing's PostgreSQL recorder
locks the events table from its insert to its commit; SQLite has one writer
at a time), and a commit costs a flush to disk, so one transaction of many
events costs little more than one of a single event (on PostgreSQL here 50
events in one save took 0.08 ms each, against 1.7 ms for one alone).

The first save to arrive commits; saves that arrive while it does wait and
go together in the next transaction, which the first of them commits. No
save waits for company: alone it is committed at once. Each caller returns
only once its own events are committed. When a group's transaction is
refused for a conflict (two processes recorded at one version), each save of
the group is committed again alone, so only the one that conflicts is
refused and the others are stored; any other failure (the database away) is
each caller's.
"""
from __future__ import annotations

import threading
from typing import Callable

from eventsourcing.application import ProcessingEvent
from eventsourcing.persistence import IntegrityError, Recording

from service.telemetry import metrics


class Save:
    """One caller's save, waiting in a group."""

    __slots__ = ("processing", "recordings", "error", "done")

    def __init__(self, processing: ProcessingEvent):
        self.processing = processing
        self.recordings: list[Recording] = []
        self.error: BaseException | None = None
        self.done = False


class GroupCommit:
    """Commits ``ProcessingEvent``s through ``record`` (the application's
    ``_record``: events in, recordings out, one transaction), several at once
    when they arrive together; what each save hands its recorder besides its
    events (``saved_kwargs``: lists, its checkpoints) goes in together too."""

    def __init__(self, record: Callable[[ProcessingEvent], list[Recording]]):
        self.record = record
        # The condition's lock is taken directly (``with self._mutex``: no
        # Python-level ``__enter__`` and ``__exit__`` of the condition's),
        # and the waiting are woken only when some are asleep: an
        # uncontended save made eight of Python's calls for them.
        self._mutex = threading.RLock()
        self._cond = threading.Condition(self._mutex)
        self._asleep = 0
        self._waiting: list[Save] = []
        self._committing = False
        self.groups = 0
        """Transactions committed for groups of more than one save (for the benchmark and tests)."""

    def commit(self, processing: ProcessingEvent) -> list[Recording]:
        save = Save(processing)
        with self._mutex:
            self._waiting.append(save)
            while self._committing and not save.done:
                self._asleep += 1
                try:
                    self._cond.wait()
                finally:
                    self._asleep -= 1
            if not save.done:
                self._committing = True
                group, self._waiting = self._waiting, []
        if not save.done:
            try:
                self._commit(group)
            finally:
                with self._mutex:
                    self._committing = False
                    if self._asleep:
                        self._cond.notify_all()
        if save.error is not None:
            raise save.error
        return save.recordings

    def _commit(self, group: list[Save]) -> None:
        metrics.batch_committed(len(group))
        try:
            if len(group) == 1:
                self._alone(group[0])
                return
            together = ProcessingEvent()
            for save in group:
                together.events.extend(save.processing.events)
                together.aggregates.update(save.processing.aggregates)
                for name, values in save.processing.saved_kwargs.items():     # each save's checkpoints
                    together.saved_kwargs.setdefault(name, []).extend(values)
            try:
                recordings = self.record(together)
            except IntegrityError:
                for save in group:       # one of them conflicts: each alone, so only it is refused
                    self._alone(save)
                return
            except BaseException as error:
                for save in group:
                    save.error = error
                return
            self.groups += 1
            by_event = {id(recording.domain_event): recording for recording in recordings}
            for save in group:
                save.recordings = [by_event[id(event)] for event in save.processing.events]
        finally:
            for save in group:
                save.done = True

    def _alone(self, save: Save) -> None:
        try:
            save.recordings = self.record(save.processing)
        except BaseException as error:
            save.error = error
