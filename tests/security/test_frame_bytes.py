"""A joined session's large frames (a picked backup or game export arrives whole in one frame)
are let through up to :data:`~companion.table.budget.JOINED_FRAME_BYTES`, and paced by their size,
so a stream of large frames cannot keep the host parsing."""

from __future__ import annotations

import pytest

from companion.table.budget import (
    JOINED_BURST,
    JOINED_BYTES_PER_FRAME,
    JOINED_FRAME_BYTES,
    JOINED_RATE,
    Budget,
)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_backup_of_a_few_megabytes_passes_in_one_frame():
    budget = Budget(lan=False, clock=Clock())
    problem, wait = budget.take(b"x" * (3 * 1024 * 1024))
    assert problem is None and wait == 0.0


def test_a_frame_over_the_limit_closes_the_socket():
    budget = Budget(lan=False, clock=Clock())
    problem, _wait = budget.take(b"x" * (JOINED_FRAME_BYTES + 1))
    assert problem is not None and "bytes" in problem


def test_large_frames_are_paced_by_their_size():
    clock = Clock()
    budget = Budget(lan=False, clock=clock)
    frame = b"x" * (4 * 1024 * 1024)
    cost = len(frame) / JOINED_BYTES_PER_FRAME
    waits = [budget.take(frame)[1] for _ in range(int(JOINED_BURST // cost) + 2)]
    assert waits[0] == 0.0
    assert waits[-1] > 0.0  # past the burst, the sender waits
    # sustained, the sender gets about JOINED_RATE × JOINED_BYTES_PER_FRAME bytes a second
    assert waits[-1] - waits[-2] == pytest.approx(cost / JOINED_RATE)


def test_small_frames_cost_one_each():
    budget = Budget(lan=False, clock=Clock())
    for _ in range(JOINED_BURST):
        assert budget.take(b"{}") == (None, 0.0)
    assert budget.take(b"{}")[1] > 0.0
