"""``python -m railwidgets.tutorials DIR``: copy the tutorial notebooks into DIR.

Then ``jupyter lab DIR`` opens them; start with ``index.ipynb``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from railwidgets.tutorials import copy_notebooks


def main(argv: Sequence[str] | None = None) -> int:
    """Copy the notebooks; report what was copied, or why nothing was (exit status 2)."""
    parser = argparse.ArgumentParser(
        prog="python -m railwidgets.tutorials",
        description="Copy railwidgets' tutorial notebooks into a folder, to open in Jupyter.",
    )
    parser.add_argument("folder", help="where to put the notebooks (made if missing)")
    parser.add_argument(
        "--overwrite", action="store_true", help="replace notebooks already in the folder"
    )
    args = parser.parse_args(argv)
    try:
        copies = copy_notebooks(args.folder, overwrite=args.overwrite)
    except (FileExistsError, NotADirectoryError, FileNotFoundError) as error:
        print(f"railwidgets.tutorials: {error}", file=sys.stderr)
        return 2
    for copy in copies:
        print(copy)
    print(f"Now run: jupyter lab {args.folder}   (start with index.ipynb)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
