"""The tutorial notebooks, for people who installed railwidgets with pip.

``python -m railwidgets.tutorials DIR`` copies them into ``DIR``; then ``jupyter lab DIR``
opens them (``index.ipynb`` lists them all). The tutorials in the languages of the games'
rulebooks come in their language's folder (``ru/off-the-rails.ipynb``, ``es/…``, ``pl/…``). In a clone of the repository they are the
files of ``notebooks/``; a wheel carries a copy of those inside this package.

>>> names = [path.relative_to(notebooks_folder()).as_posix() for path in notebooks()]
>>> "index.ipynb" in names and "mini-rails.ipynb" in names and "ru/off-the-rails.ipynb" in names
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
    """The tutorial notebooks, sorted by their path in the folder (language folders too)."""
    return sorted(
        path
        for path in notebooks_folder().rglob("*.ipynb")
        if ".ipynb_checkpoints" not in path.parts
    )


def copy_notebooks(destination: str | Path, *, overwrite: bool = False) -> list[Path]:
    """Copy the tutorial notebooks into ``destination`` (made if missing); return the copies.

    A notebook already in ``destination`` is not replaced unless ``overwrite``: then nothing
    is copied and :class:`FileExistsError` names the notebooks in the way (you may have
    played in them).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     copies = copy_notebooks(folder)
    ...     len(copies) == len(notebooks()) and (Path(folder) / "ru" / "index.ipynb").exists()
    True
    """
    folder = notebooks_folder()
    sources = {source.relative_to(folder): source for source in notebooks()}
    target = Path(destination)
    if target.exists() and not target.is_dir():
        raise NotADirectoryError(f"{target} is a file, not a folder for the notebooks")
    in_the_way = [name for name in sources if (target / name).exists()]
    if in_the_way and not overwrite:
        names = ", ".join(name.as_posix() for name in in_the_way)
        raise FileExistsError(
            f"{target} already has {names}: nothing copied (pass --overwrite to replace them)"
        )
    copies = []
    for name, source in sources.items():
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        copies.append(Path(shutil.copyfile(source, target / name)))
    return copies
