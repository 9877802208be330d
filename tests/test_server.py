"""The kernel websocket without Nagle's delay (railwidgets/server.py), and where it is named."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from traitlets.utils.importstring import import_item

from railwidgets.server import CONNECTION_CLASS, NoDelayConnection

REPO_ROOT = Path(__file__).resolve().parents[1]


class FakeHandler:
    """What the connection asks of its websocket handler here: ``set_nodelay``."""

    def __init__(self, calls: list[str]):
        self.calls = calls

    def set_nodelay(self, value: bool) -> None:
        self.calls.append(f"set_nodelay({value})")


def test_connect_turns_nagle_off_before_it_connects(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    answer = object()

    def jupyters_connect(self: ZMQChannelsWebsocketConnection) -> object:
        calls.append("connect")
        return answer

    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", jupyters_connect)
    connection = NoDelayConnection.__new__(NoDelayConnection)
    # the trait wants Jupyter's handler class; its value is set as Jupyter's code reads it
    connection._trait_values["websocket_handler"] = FakeHandler(calls)
    assert connection.connect() is answer
    assert calls == ["set_nodelay(True)", "connect"]


def test_the_dotted_name_is_the_class() -> None:
    assert import_item(CONNECTION_CLASS) is NoDelayConnection


@pytest.mark.parametrize(("target", "app"), [("lab", "ServerApp"), ("voila", "Voila")])
def test_make_serves_with_it(target: str, app: str) -> None:
    makefile = (REPO_ROOT / "Makefile").read_text()
    names = dict(re.findall(r"^(\w+) :?= (\S+)$", makefile, re.MULTILINE))
    found = re.search(rf"^{target}:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert found, f"no recipe for {target} in the Makefile"
    recipe = found.group(1)
    option = re.search(rf"--{app}\.kernel_websocket_connection_class=(\S+)", recipe)
    assert option, recipe
    value = option.group(1)
    if value.startswith("$("):
        value = names[value[2:-1]]
    assert value == CONNECTION_CLASS


def test_binder_serves_with_it() -> None:
    config = json.loads((REPO_ROOT / "binder" / "jupyter_server_config.json").read_text())
    assert config["ServerApp"]["kernel_websocket_connection_class"] == CONNECTION_CLASS
