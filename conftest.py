"""Every test run keeps what railwidgets saves by itself (the autosaves of the play
notebooks' boards) in a folder of its own, never in the user's data folder; and reads
English unless a test chooses another language."""

import os
import tempfile

os.environ.setdefault("RAILWIDGETS_DATA", tempfile.mkdtemp(prefix="railwidgets-test-data-"))

# The tests read English unless they choose a language (lang=, railwidgets.i18n.use): a
# machine whose locale is Russian, Spanish or Polish runs them as any other does.
from railwidgets.i18n import set_language

set_language("en")
