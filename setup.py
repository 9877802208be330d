"""The one build step pyproject.toml cannot say.

The tutorial notebooks live in ``notebooks/`` (their one source: they are edited, run and
tested there). The build copies them into the package as ``railwidgets/tutorials/notebooks/``,
so that a pip user has them: ``python -m railwidgets.tutorials DIR`` copies them out.
An editable install needs no copy: ``railwidgets.tutorials`` then reads ``notebooks/``.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"


class BuildPyWithNotebooks(build_py):
    """``build_py``, then the notebooks of ``notebooks/`` into the built package."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        notebooks = sorted(NOTEBOOKS.glob("*.ipynb"))
        if not notebooks:
            raise SystemExit(f"setup.py: no tutorial notebooks in {NOTEBOOKS} to package")
        target = Path(self.build_lib, "railwidgets", "tutorials", "notebooks")
        self.mkpath(str(target))
        for notebook in notebooks:
            self.copy_file(str(notebook), str(target / notebook.name))


setup(cmdclass={"build_py": BuildPyWithNotebooks})
