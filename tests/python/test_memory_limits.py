"""A count that sizes an allocation is checked against the machine's memory before
anything is allocated: refused at once with the estimate and the limit, not grown until
the kernel kills the process."""

from __future__ import annotations

import re
import time

import pytest

import meeple


def test_a_batch_larger_than_memory_is_refused_at_once_with_the_estimate():
    start = time.perf_counter()
    with pytest.raises(MemoryError) as caught:
        meeple.Batch("tictactoe", 10**12)
    assert time.perf_counter() - start < 1.0
    message = str(caught.value)
    assert re.search(r"1000000000000 batch slots of tictactoe\S* need about [\d.]+ TB \(\d+ bytes each\), "
                     r"more than this machine's [\d.]+ [kMGT]B of memory; at most about \d+ fit", message), message


def test_a_batch_that_fits_is_made():
    assert meeple.Batch("tictactoe", 1000).n == 1000


def test_vector_env_larger_than_memory_is_refused_at_once(require_peer):
    require_peer("gymnasium", extra="gym")
    from meeple.envs import VectorEnv

    start = time.perf_counter()
    with pytest.raises(MemoryError) as caught:
        VectorEnv("tictactoe", 10**9)
    assert time.perf_counter() - start < 1.0
    message = str(caught.value)
    assert "VectorEnv of 1,000,000,000 tictactoe" in message and "GB of memory; at most about" in message
