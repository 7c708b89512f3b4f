"""A choice pad: the legal choices as buttons, a dropdown when there are many, groups when
there are very many.

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

A long list with a group per choice shows a group selector (``bl-choice-group``) first,
then the chosen group's choices; the index passed on is still the choice's place in the
whole list:

>>> labels = [f"{kind} to {room}" for kind in ("Pin-Up", "Gunman") for room in range(1, 7)]
>>> pad.offer(labels, groups=[label.split()[0] for label in labels])
>>> pad.groups, pad.group, pad.buttons
(['Pin-Up', 'Gunman'], None, [])
>>> pad.select("Gunman")
>>> [b.description for b in pad.buttons][:2]
['Gunman to 1', 'Gunman to 2']
>>> pad.buttons[1].click()
>>> picked
[1, 7]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

__all__ = ["OTHER_GROUP", "ChoicePad"]

#: The group of the choices a game leaves ungrouped, when others are grouped.
OTHER_GROUP: Final = "other"


class ChoicePad:
    """Offers labelled choices; ``on_choose(index)`` is called with the picked one.

    More than ``max_buttons`` choices are offered as a dropdown plus a *Choose* button.
    When :meth:`offer` is given a group per choice and there are more than
    ``group_above`` choices (by default ``max_buttons``) in at least two groups, a group
    selector comes first (buttons, or a dropdown for more than ``max_buttons`` groups)
    and only the selected group's choices are shown, by the same rules.
    """

    def __init__(self, on_choose: Callable[[int], Any], *, max_buttons: int = 8,
                 group_above: int | None = None) -> None:
        import ipywidgets

        self.on_choose = on_choose
        self.max_buttons = max_buttons
        self.group_above = max_buttons if group_above is None else group_above
        self.labels: list[str] = []
        self.prompt = ""
        self.buttons: list[ipywidgets.Button] = []
        self.dropdown: ipywidgets.Dropdown | None = None
        self.choose_button: ipywidgets.Button | None = None
        self.group_selector: ipywidgets.ToggleButtons | ipywidgets.Dropdown | None = None
        self._groups: list[str | None] | None = None
        self._members: dict[str, list[int]] = {}
        self._group: str | None = None
        self._syncing = False
        self._prompt = ipywidgets.Label("")
        self._prompt.add_class("bl-choice-prompt")
        self.widget = ipywidgets.VBox([])
        self.widget.add_class("bl-choices")

    # -- what is offered ------------------------------------------------------------------
    @property
    def groups(self) -> list[str]:
        """The groups on offer, in the order of their first choice (empty: not grouped)."""
        return list(self._members)

    @property
    def group(self) -> str | None:
        """The selected group (``None``: none yet, or not grouped)."""
        return self._group

    @property
    def visible(self) -> list[int]:
        """Indices (into the offered list) of the choices on show now."""
        if not self._members:
            return list(range(len(self.labels)))
        return list(self._members.get(self._group, [])) if self._group is not None else []

    def offer(self, labels: Sequence[str], *, prompt: str = "",
              groups: Sequence[str | None] | None = None) -> None:
        """Show these choices (replacing any offered before).

        ``groups``, if given, holds one group name per label (``None``: the choice
        belongs to no group; such choices form the group :data:`OTHER_GROUP`).
        """
        labels = list(labels)
        group_list = None if groups is None else list(groups)
        if group_list is not None and len(group_list) != len(labels):
            raise ValueError(f"groups has {len(group_list)} entries for {len(labels)} labels")
        if labels == self.labels and prompt == self.prompt and group_list == self._groups:
            return
        self.labels, self.prompt, self._groups = labels, prompt, group_list
        old = self.widget.children[1:]  # the previous offer's widgets: closed below
        self.buttons, self.dropdown, self.choose_button = [], None, None
        self.group_selector, self._members, self._group = None, {}, None
        self._prompt.value = prompt
        if not labels:
            self.widget.children = ()
            _close(old)
            return
        members = _members(group_list) if group_list is not None else {}
        if len(members) > 1 and len(labels) > self.group_above:
            self._members = members
            self.group_selector = self._selector(list(members))
            self.widget.children = (self._prompt, self.group_selector)
        else:
            self.widget.children = (self._prompt, self._body(range(len(labels))))
        _close(old)

    def select(self, group: str) -> None:
        """Show the choices of ``group`` (one of :attr:`groups`)."""
        if group not in self._members:
            known = ", ".join(map(repr, self._members)) or "none: the choices are not grouped"
            raise ValueError(f"unknown choice group {group!r}; groups are {known}")
        if group == self._group:
            return
        assert self.group_selector is not None
        old = self.widget.children[2:]
        self._group = group
        self.buttons, self.dropdown, self.choose_button = [], None, None
        self._syncing = True
        try:
            self.group_selector.value = group
        finally:
            self._syncing = False
        self.widget.children = (self._prompt, self.group_selector,
                                self._body(self._members[group]))
        _close(old)

    def clear(self) -> None:
        """Offer nothing."""
        self.offer([])

    # -- widgets --------------------------------------------------------------------------
    def _body(self, indices: Sequence[int] | range) -> Any:
        """Buttons for these choices, or a dropdown and *Choose* when there are many."""
        import ipywidgets

        indices = list(indices)
        if len(indices) <= self.max_buttons:
            # One layout and one style shared by the offer's buttons (fewer widgets).
            layout, style = ipywidgets.Layout(width="auto"), ipywidgets.ButtonStyle()
            for i in indices:
                label = self.labels[i]
                button = ipywidgets.Button(description=label, tooltip=label, layout=layout,
                                           style=style)
                button.add_class("bl-choice")
                button.on_click(self._pick(i))
                self.buttons.append(button)
            return ipywidgets.HBox(self.buttons, layout=ipywidgets.Layout(flex_flow="row wrap"))
        # As wide as its longest choice, never wider than the pad (a fixed width cut the
        # long ones, issue 29); the row wraps, so Choose goes under it when needed.
        dropdown = ipywidgets.Dropdown(options=[(self.labels[i], i) for i in indices],
                                       value=indices[0],
                                       layout=ipywidgets.Layout(width="auto",
                                                                max_width="100%"))
        dropdown.add_class("bl-choice-dropdown")
        self.dropdown = dropdown
        self.choose_button = ipywidgets.Button(description="Choose")
        self.choose_button.add_class("bl-choose")
        self.choose_button.on_click(lambda _b: self.on_choose(dropdown.value))
        return ipywidgets.HBox([dropdown, self.choose_button],
                               layout=ipywidgets.Layout(flex_flow="row wrap"))

    def _selector(self, names: list[str]) -> Any:
        import ipywidgets

        selector: Any
        if len(names) <= self.max_buttons:
            selector = ipywidgets.ToggleButtons(options=names, value=None,
                                                tooltips=[f"show the {n} choices" for n in names])
            selector.style.button_width = "auto"
        else:
            selector = ipywidgets.Dropdown(options=names, value=None, description="Group")
        selector.add_class("bl-choice-group")
        selector.observe(self._group_picked, names="value")
        return selector

    def _group_picked(self, change: Mapping[str, Any]) -> None:
        if not self._syncing and change["new"] is not None:
            self.select(change["new"])

    def _pick(self, index: int) -> Callable[[Any], None]:
        return lambda _button: self.on_choose(index)

    def __repr__(self) -> str:
        grouped = f" in {len(self._members)} groups" if self._members else ""
        return f"<ChoicePad {len(self.labels)} choices{grouped}>"


def _members(groups: Sequence[str | None]) -> dict[str, list[int]]:
    """Group name → indices of its choices, groups in order of their first choice."""
    members: dict[str, list[int]] = {}
    for i, group in enumerate(groups):
        members.setdefault(OTHER_GROUP if group is None else str(group), []).append(i)
    return members


def _close(widgets: Sequence[Any]) -> None:
    """Close widgets no longer shown, so the kernel does not keep them forever."""
    from boardlab.widgets import close_tree

    for widget in widgets:
        close_tree(widget)
