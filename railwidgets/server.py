"""A Jupyter server that answers every click at once: the kernel's websocket without Nagle.

A click on a board goes to the kernel and comes back as a few small messages on the
page's websocket (the kernel busy, the picture for the canvas, the kernel idle). Jupyter
Server and Voilà leave Nagle's algorithm on for that socket, so a small message written
while the one before is not yet acknowledged waits, and a browser may hold back its
acknowledgement for up to 40 ms. That is why, in JupyterLab, more than one click in ten
took 50 ms instead of 15, on a bare ipycanvas canvas as much as on the boards.

:class:`NoDelayConnection` is Jupyter Server's own kernel websocket connection that sets
``TCP_NODELAY`` on its socket when a page connects: each message leaves when it is
written. Name it in the server's configuration::

    jupyter lab --ServerApp.kernel_websocket_connection_class=railwidgets.server.NoDelayConnection
    voila play-mini-rails.ipynb --Voila.kernel_websocket_connection_class=railwidgets.server.NoDelayConnection

``make lab``, ``make voila``, the Binder demo and the browser tests do. Measured with
``benchmarks/browser_latency.py --clicks 40`` (headless Chromium, JupyterLab and Voilà,
each game and a bare canvas): the medians stay 15-18 ms, the 90th percentiles fall
from about 50 ms to about 20 ms. It changes only when bytes leave the server, never what
they say, so every front end reads the same messages. (A server that reaches its
kernels through a gateway uses a connection class of its own: leave it as it is.)

Importing it needs Jupyter Server, which the server that loads it has:

>>> from railwidgets.server import NoDelayConnection
>>> from jupyter_server.services.kernels.connection.channels import (
...     ZMQChannelsWebsocketConnection)
>>> issubclass(NoDelayConnection, ZMQChannelsWebsocketConnection)
True
"""

from __future__ import annotations

import asyncio

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

__all__ = ["CONNECTION_CLASS", "NoDelayConnection"]


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """Jupyter Server's kernel websocket connection, with ``TCP_NODELAY`` on its socket."""

    def connect(self) -> asyncio.Future[None] | None:
        """Turn Nagle's algorithm off for this page's socket, then connect as usual."""
        self.websocket_handler.set_nodelay(True)
        return super().connect()


#: The dotted name to give ``kernel_websocket_connection_class`` in a server's configuration.
CONNECTION_CLASS = f"{NoDelayConnection.__module__}.{NoDelayConnection.__qualname__}"
