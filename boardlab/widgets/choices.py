"""A choice pad: the legal choices as buttons, or a dropdown and *Choose* when there are many.

The pad knows only labels; the board maps the clicked index back to its choice, so
nothing outside the offered list can be picked. Buttons have the CSS class
``bl-choice``; the dropdown ``bl-choice-dropdown`` and its button ``bl-choose``.

>>> picked = []
>>> pad = ChoicePad(picked.append)
>>> pad.offer(["vote for red", "vote for blue"], prompt="red, your vote:")
>>> [b.description for b in pad.buttons]
['vote for red', 'vote for blue']
>>> pad.buttons[1].click()
>>> picked
[1]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["ChoicePad"]


class ChoicePad:
    """Offers labelled choices; ``on_choose(index)`` is called with the picked one.

    More than ``max_buttons`` choices are offered as a dropdown plus a *Choose* button.
    """

    def __init__(self, on_choose: Callable[[int], Any], *, max_buttons: int = 8) -> None:
        import ipywidgets

        self.on_choose = on_choose
        self.max_buttons = max_buttons
        self.labels: list[str] = []
        self.prompt = ""
        self.buttons: list[ipywidgets.Button] = []
        self.dropdown: ipywidgets.Dropdown | None = None
        self.choose_button: ipywidgets.Button | None = None
        self._prompt = ipywidgets.Label("")
        self._prompt.add_class("bl-choice-prompt")
        self.widget = ipywidgets.VBox([])
        self.widget.add_class("bl-choices")

    def offer(self, labels: Sequence[str], *, prompt: str = "") -> None:
        """Show these choices (replacing any offered before)."""
        import ipywidgets

        labels = list(labels)
        if labels == self.labels and prompt == self.prompt:
            return
        self.labels, self.prompt = labels, prompt
        old = self.widget.children[1:]  # the previous offer's widgets: closed below
        self.buttons, self.dropdown, self.choose_button = [], None, None
        self._prompt.value = prompt
        if not labels:
            self.widget.children = ()
            _close(old)
            return
        if len(labels) <= self.max_buttons:
            for i, label in enumerate(labels):
                button = ipywidgets.Button(description=label, tooltip=label,
                                           layout=ipywidgets.Layout(width="auto"))
                button.add_class("bl-choice")
                button.on_click(self._pick(i))
                self.buttons.append(button)
            body: Any = ipywidgets.HBox(self.buttons,
                                        layout=ipywidgets.Layout(flex_flow="row wrap"))
        else:
            self.dropdown = ipywidgets.Dropdown(options=[(s, i) for i, s in enumerate(labels)],
                                                value=0)
            self.dropdown.add_class("bl-choice-dropdown")
            self.choose_button = ipywidgets.Button(description="Choose")
            self.choose_button.add_class("bl-choose")
            self.choose_button.on_click(lambda _b: self.on_choose(self.dropdown.value))
            body = ipywidgets.HBox([self.dropdown, self.choose_button])
        self.widget.children = (self._prompt, body)
        _close(old)

    def clear(self) -> None:
        """Offer nothing."""
        self.offer([])

    def _pick(self, index: int) -> Callable[[Any], None]:
        return lambda _button: self.on_choose(index)

    def __repr__(self) -> str:
        return f"<ChoicePad {len(self.labels)} choices>"


def _close(widgets: Sequence[Any]) -> None:
    """Close widgets no longer shown, so the kernel does not keep them forever."""
    from boardlab.widgets import close_tree

    for widget in widgets:
        close_tree(widget)
