"""A widget's whole state as plain data, with the references to its children resolved.

``get_state()`` names a child widget by its model id (``"IPY_MODEL_…"``), which differs
from one board to the next; :func:`tree_state` puts the child's own state there instead,
recursively, so the states of two boards can be compared as wholes.
"""

from __future__ import annotations

from typing import Any

from ipywidgets import Widget
from ipywidgets.widgets.widget import _instances

_PREFIX = "IPY_MODEL_"


def tree_state(widget: Widget) -> dict[str, Any]:
    """``widget.get_state()`` with every referenced widget replaced by its tree state."""
    return _resolve(widget.get_state())


def _resolve(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(_PREFIX):
        child = _instances.get(value[len(_PREFIX):])  # ipywidgets' live widgets by id
        return tree_state(child) if child is not None else value
    if isinstance(value, dict):
        return {k: _resolve(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_resolve(v) for v in value]
    return value
