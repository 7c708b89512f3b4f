"""The button row Step / Back / Play phase / Play round / Reset / Re-roll, with a status label.

Each button calls the function given for it; the status :class:`ipywidgets.Label`
echoes the board's state, so a browser test can wait for it instead of sleeping.
Buttons carry the CSS classes ``bl-stepper-<name>`` (``bl-stepper-step`` …) and the
label ``bl-status``.

>>> calls = []
>>> s = Stepper({"step": lambda: calls.append("step"), "back": lambda: calls.append("back")})
>>> [b.description for b in s.buttons.values()]
['Step', 'Back']
>>> s.buttons["step"].click()
>>> calls
['step']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

__all__ = ["STEPPER_LABELS", "Stepper"]

#: Button text and tooltip for the usual action names, in display order.
STEPPER_LABELS: Final = {
    "step": ("Step", "One decision or chance event"),
    "back": ("Back", "One step back (Step then replays it exactly)"),
    "phase": ("Play phase", "Play until the phase changes"),
    "round": ("Play round", "Play until the round changes"),
    "reset": ("Reset", "Back to the start of the match (Step replays it as it happened)"),
    "reroll": ("Re-roll from here", "Forget what was recorded after this point and draw "
               "other dice from here on"),
}


class Stepper:
    """Buttons for ``actions`` (name → callback) and a status label.

    Known names (:data:`STEPPER_LABELS`) get their usual text; any other name is its own
    text. A callback that raises shows ``error: …`` in the status instead of being lost
    in the kernel log.
    """

    def __init__(self, actions: Mapping[str, Callable[[], Any]], *, status: str = "") -> None:
        import ipywidgets

        self.actions = dict(actions)
        self.buttons: dict[str, ipywidgets.Button] = {}
        # One layout and one style for all the buttons: each is a widget of its own (a
        # comm, a model in the page), and nothing changes them per button; sharing them
        # makes the first board about a dozen widgets lighter (issue 28).
        layout, style = ipywidgets.Layout(width="auto"), ipywidgets.ButtonStyle()
        self.layout = layout  # for a button a board adds to the row (add)
        for name, action in self.actions.items():
            text, tip = STEPPER_LABELS.get(name, (name, name))
            button = ipywidgets.Button(description=text, tooltip=tip, layout=layout,
                                       style=style)
            button.add_class("bl-stepper-button")
            button.add_class(f"bl-stepper-{name}")
            button.on_click(self._handler(action))
            self.buttons[name] = button
        self.status = ipywidgets.Label(status)
        self.status.add_class("bl-status")
        # The row wraps instead of widening a narrow notebook.
        row = ipywidgets.HBox(list(self.buttons.values()),
                              layout=ipywidgets.Layout(flex_flow="row wrap"))
        row.add_class("bl-stepper")
        self._row = row
        self.widget = ipywidgets.VBox([row, self.status])

    def add(self, widget: Any) -> None:
        """Put one more widget (a toggle) at the end of the button row."""
        self._row.children = (*self._row.children, widget)

    def _handler(self, action: Callable[[], Any]) -> Callable[[Any], None]:
        def click(_button: Any) -> None:
            try:
                action()
            except Exception as exc:  # a click has no caller to raise to: show it
                self.status.value = f"error: {exc}"
        return click

    def set_status(self, text: str) -> None:
        self.status.value = text

    def enable(self, **enabled: bool) -> None:
        """Enable or disable buttons by name: ``enable(back=False)``."""
        for name, on in enabled.items():
            self.buttons[name].disabled = not on

    def __repr__(self) -> str:
        return f"<Stepper {list(self.buttons)}>"
