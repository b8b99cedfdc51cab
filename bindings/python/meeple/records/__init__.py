"""What is kept of games played (docs/recording.md):

- :mod:`.events`: event logs, the rows a batch records in C++, written as checksummed
  chunks that survive a killed run, read back and replayed to the bit;
- :mod:`.gamelog`: game logs (``.jsonl.gz``), one game a record with its views, for people
  and the viewer; event logs convert into them;
- :mod:`.viewer`: the viewer, one HTML page with its drawing code (``pages/``).
"""

from __future__ import annotations

from . import events, gamelog, viewer

__all__ = ["events", "gamelog", "viewer"]
