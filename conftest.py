"""Every test run keeps what railwidgets saves by itself (the autosaves of the play
notebooks' boards) in a folder of its own, never in the user's data folder."""

import os
import tempfile

os.environ.setdefault("RAILWIDGETS_DATA", tempfile.mkdtemp(prefix="railwidgets-test-data-"))
