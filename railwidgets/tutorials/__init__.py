"""The tutorial notebooks, for people who installed railwidgets with pip.

``python -m railwidgets.tutorials DIR`` copies them into ``DIR``; then ``jupyter lab DIR``
opens them (``index.ipynb`` lists them all). In a clone of the repository they are the
files of ``notebooks/``; a wheel carries a copy of those inside this package.

>>> names = [path.name for path in notebooks()]
>>> "index.ipynb" in names and "mini-rails.ipynb" in names
True
"""

from __future__ import annotations

import shutil
from pathlib import Path

__all__ = ["copy_notebooks", "notebooks", "notebooks_folder"]

_PACKAGED = Path(__file__).resolve().parent / "notebooks"
_CHECKOUT = Path(__file__).resolve().parents[2] / "notebooks"


def notebooks_folder() -> Path:
    """The folder holding the tutorial notebooks: the package's copy in an installed wheel,
    ``notebooks/`` in a clone of the repository (or an editable install).

    Raises :class:`FileNotFoundError` when neither is there.
    """
    for folder in (_PACKAGED, _CHECKOUT):
        if any(folder.glob("*.ipynb")):
            return folder
    raise FileNotFoundError(
        f"no tutorial notebooks found (looked in {_PACKAGED} and {_CHECKOUT}): "
        "reinstall railwidgets from its wheel"
    )


def notebooks() -> list[Path]:
    """The tutorial notebooks, sorted by name."""
    return sorted(notebooks_folder().glob("*.ipynb"))


def copy_notebooks(destination: str | Path, *, overwrite: bool = False) -> list[Path]:
    """Copy the tutorial notebooks into ``destination`` (made if missing); return the copies.

    A notebook already in ``destination`` is not replaced unless ``overwrite``: then nothing
    is copied and :class:`FileExistsError` names the notebooks in the way (you may have
    played in them).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     copies = copy_notebooks(folder)
    ...     [path.name for path in copies] == [path.name for path in notebooks()]
    True
    """
    sources = notebooks()
    target = Path(destination)
    if target.exists() and not target.is_dir():
        raise NotADirectoryError(f"{target} is a file, not a folder for the notebooks")
    in_the_way = [target / source.name for source in sources if (target / source.name).exists()]
    if in_the_way and not overwrite:
        names = ", ".join(path.name for path in in_the_way)
        raise FileExistsError(
            f"{target} already has {names}: nothing copied (pass --overwrite to replace them)"
        )
    target.mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copyfile(source, target / source.name)) for source in sources]
