"""How much fuzzing to do: a fixed, seeded amount under ``make test``, more under ``make fuzz``.

Every fuzz test runs a number of cases from a fixed seed sequence, so a run is
reproducible: the same ``FUZZ_SECONDS`` gives the same inputs. Without it the
counts are those of :data:`QUICK_SECONDS` (about a minute for the whole suite);
``make fuzz`` sets ``FUZZ_SECONDS`` and every count grows in proportion.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

#: The length of the suite, in seconds, that the default counts are made for.
QUICK_SECONDS = 60.0


def seconds() -> float:
    """The seconds the whole fuzz suite should take (``FUZZ_SECONDS``, default quick)."""
    text = os.environ.get("FUZZ_SECONDS", "").strip()
    if not text:
        return QUICK_SECONDS
    value = float(text)
    if not value > 0:
        raise ValueError(f"FUZZ_SECONDS must be a positive number of seconds, not {text!r}")
    return value


def cases(quick: int) -> int:
    """``quick`` cases in the quick run, scaled to the time asked for (at least 1)."""
    return max(1, round(quick * seconds() / QUICK_SECONDS))


def hypothesis_settings(quick: int) -> settings:
    """Derandomized Hypothesis settings: the same examples on every machine, no database."""
    return settings(
        max_examples=cases(quick),
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        print_blob=True,
    )
