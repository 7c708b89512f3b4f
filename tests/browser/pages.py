"""What the browser tests read and click on a page: the board and the explainer widgets.

Every wait is on something the kernel shows (the status label, the log, the picture,
the offered choices), never a fixed sleep. A *shadow* :class:`~boardlab.mall_of_horror.Board`
in the test process makes the same moves as the board in the browser (both are seeded,
so they play the same match); :meth:`BoardPage.expect_like` waits until the page shows
exactly what the shadow computed, so each click is checked against the Python model
and the next click never lands on a stale button.

playwright is imported inside the functions: this module is also imported by
``--doctest-modules`` on machines without it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from boardlab.widgets.odds_panel import as_fraction

#: The kernel must answer within this (the 2-core machine may be loaded).
WAIT_MS = 60_000

# Inner HTML of a widgets.HTML (the SVG picture), as the browser serializes it.
_CONTENT = ".widget-html-content"


def normalized(text: str) -> str:
    """``text`` with runs of whitespace made one space, as a browser's innerText reads."""
    return " ".join(text.split())


def expect(locator: Any) -> Any:
    from playwright.sync_api import expect as pw_expect

    return pw_expect(locator)


@dataclass(frozen=True)
class Shown:
    """What the board shows at one moment: status, log lines, SVG, odds and choices."""

    status: str
    log: tuple[str, ...]
    svg: str
    odds: tuple[tuple[str, str, str], ...]
    choices: tuple[str, ...]


class BoardPage:
    """The ``.bl-board`` widget on a page (JupyterLab or Voilà)."""

    def __init__(self, page: Any, root: str = ".bl-board") -> None:
        self.page = page
        self.root = page.locator(root)
        self.status = self.root.locator("div.widget-label.bl-status")
        self.svg = self.root.locator(f".bl-board-svg {_CONTENT}")
        self.odds_rows = self.root.locator(".bl-odds-panel tr.bl-odds-row")
        self.log_lines = self.root.locator(".bl-log-view").locator(
            ".bl-log-heading, .bl-log-event")
        self.log_events = self.root.locator(".bl-log-view .bl-log-event")
        self.pad = self.root.locator(".bl-choices")
        self.choice_buttons = self.pad.locator("button.bl-choice")
        self.dropdown = self.pad.locator(".bl-choice-dropdown select")
        self.choose_button = self.pad.locator("button.bl-choose")
        # The group selector of a grouped pad: toggle buttons, or a dropdown for many groups.
        self.group_buttons = self.pad.locator(".bl-choice-group button.widget-toggle-button")
        self.group_dropdown = self.pad.locator(".bl-choice-group select")

    # -- reading -----------------------------------------------------------------------------
    def button(self, name: str) -> Any:
        """A stepper button: ``step``, ``back``, ``phase``, ``round``, ``reset`` or ``reroll``."""
        return self.root.locator(f"button.widget-button.bl-stepper-{name}")

    def odds(self) -> dict[str, str]:
        """The odds panel as location → fraction text (``'19/144'``), or the known outcome
        (``'breaks in: 3 zombies vs defence 2'``) on a row that shows one."""
        return {key: frac for key, frac, _pct in self.shown().odds}

    def choices(self) -> tuple[str, ...]:
        """The labels of the offered choices (buttons, or the dropdown's options)."""
        if self.dropdown.count():
            return tuple(self.dropdown.locator("option").evaluate_all(
                "options => options.map(o => o.value)"))
        return tuple(t.strip() for t in self.choice_buttons.all_inner_texts())

    def shown(self) -> Shown:
        odds = self.page.evaluate(
            """(rows) => rows.map(r => {
                 const known = r.querySelector('.bl-odds-outcome');
                 return known ? [r.dataset.key, known.textContent.trim(), '']
                   : [r.dataset.key, r.querySelector('.bl-odds-fraction').textContent.trim(),
                      r.querySelector('.bl-odds-percent').textContent.trim()]; })""",
            self.odds_rows.element_handles())
        return Shown(
            status=self.status.inner_text(),
            log=tuple(normalized(t) for t in self.log_lines.all_inner_texts()),
            svg=self.svg.inner_html(),
            odds=tuple(tuple(row) for row in odds),
            choices=self.choices(),
        )

    # -- waiting -----------------------------------------------------------------------------
    def wait_ready(self) -> None:
        """Wait until the board is on the page with its status."""
        expect(self.status).to_have_text(re.compile(r"\S"), timeout=WAIT_MS)

    def expect_like(self, shadow: Any) -> Shown:
        """Wait until the page shows what ``shadow`` (a Python Board) shows; return it.

        On a timeout the error says what the page shows and what the shadow expected.
        """
        from playwright.sync_api import Error as PlaywrightError

        try:
            return self._expect_like(shadow)
        except (PlaywrightError, AssertionError) as error:
            try:
                now = self.shown()
                shown = (f"status: {now.status}\nchoices: {list(now.choices)}\n"
                         f"last log lines: {list(now.log[-3:])}\nodds: {now.odds}")
            except PlaywrightError as again:
                shown = f"(unreadable: {again})"
            raise AssertionError(
                "the page does not show what the Python board shows.\n"
                f"expected status: {shadow.status}\nexpected choices: {shadow.choice_labels}\n"
                f"expected last log lines: {shadow.log_lines[-3:]}\n"
                f"the page shows:\n{shown}\nfirst error: {error}") from error

    def _expect_like(self, shadow: Any) -> Shown:
        expect(self.status).to_have_text(shadow.status, timeout=WAIT_MS)
        events = [normalized(line) for line in shadow.log_lines if line.startswith("  ")]
        if events:
            expect(self.log_events).to_have_text(events, timeout=WAIT_MS)
        else:
            expect(self.log_events).to_have_count(0, timeout=WAIT_MS)
        # The offered choices on show (all of them, or the selected group's): button texts,
        # or the dropdown's option values (its texts have no-break spaces), never both;
        # and a grouped pad's groups, with the selected one active.
        pad = shadow.choice_pad
        want = [shadow.choice_labels[i] for i in pad.visible]
        self.page.wait_for_function(
            """([pad, want, many, groups, group]) => {
                 const buttons = [...pad.querySelectorAll('button.bl-choice')];
                 const options = [...pad.querySelectorAll('.bl-choice-dropdown option')];
                 const got = want.length > many ? options.map(o => o.value)
                                                : buttons.map(b => b.textContent.trim());
                 const other = want.length > many ? buttons.length : options.length;
                 const toggles = [...pad.querySelectorAll(
                     '.bl-choice-group button.widget-toggle-button')];
                 const menu = pad.querySelector('.bl-choice-group select');
                 const names = toggles.length ? toggles.map(b => b.textContent.trim())
                     : menu ? [...menu.options].map(o => o.value).filter(v => v) : [];
                 const active = toggles.length
                     ? toggles.filter(b => b.classList.contains('mod-active'))
                              .map(b => b.textContent.trim())
                     : menu && menu.value ? [menu.value] : [];
                 const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
                 return other === 0 && same(got, want) && same(names, groups)
                        && same(active, group === null ? [] : [group]); }""",
            arg=[self.pad.element_handle(timeout=WAIT_MS), want, pad.max_buttons, pad.groups,
                 pad.group],
            timeout=WAIT_MS)
        # The picture, exactly: the shadow's SVG put through the browser's own serializer.
        self.page.wait_for_function(
            """([el, svg]) => { const d = document.createElement('div'); d.innerHTML = svg;
                                return el.innerHTML === d.innerHTML; }""",
            arg=[self.svg.element_handle(timeout=WAIT_MS), shadow.svg], timeout=WAIT_MS)
        known = shadow.known_outcomes
        want = {str(k): known[k] if k in known else str(as_fraction(p))
                for k, p in shadow.odds.items()}
        self.page.wait_for_function(
            """([rows, want]) => {
                 const got = {};
                 for (const r of rows.querySelectorAll('tr.bl-odds-row'))
                   got[r.dataset.key] = r.querySelector(
                       '.bl-odds-outcome, .bl-odds-fraction').textContent.trim();
                 return JSON.stringify(got) === JSON.stringify(want); }""",
            arg=[self.root.locator(".bl-odds-panel").element_handle(timeout=WAIT_MS), want],
            timeout=WAIT_MS)
        for name, on in (("step", _can_step(shadow)), ("back", shadow.match.ply > 0),
                         ("reroll", shadow.match.to_move is not None and shadow.ahead > 0)):
            if on:
                expect(self.button(name)).to_be_enabled(timeout=WAIT_MS)
            else:
                expect(self.button(name)).to_be_disabled(timeout=WAIT_MS)
        shown = self.shown()
        assert shown.log == tuple(normalized(line) for line in shadow.log_lines)
        return shown

    # -- acting ------------------------------------------------------------------------------
    def click(self, name: str) -> None:
        self.button(name).click()

    def pick_group(self, name: str) -> None:
        """Select the choice group ``name`` of a grouped pad (its toggle, or the menu)."""
        if self.group_dropdown.count():
            self.group_dropdown.select_option(value=name)
        else:
            self.group_buttons.filter(has_text=re.compile(f"^{re.escape(name)}$")).click()

    def pick(self, label: str) -> None:
        """Choose the offered choice ``label`` (its button, or the dropdown and *Choose*)."""
        if self.dropdown.count():
            self.dropdown.select_option(value=label)
            expect(self.dropdown).to_have_value(label)
            self.choose_button.click()
        else:
            self.choice_buttons.filter(has_text=re.compile(f"^{re.escape(label)}$")).click()


def drive(page: BoardPage, shadow: Any, done: Callable[[Any], bool],
           choose: Callable[[list[str]], int], *, limit: int = 60) -> Shown:
    """Play on (Play phase; the seat's choices by ``choose(labels)``) until ``done``.

    Every action is mirrored on ``shadow`` and the page must show what it shows.
    """
    shown = page.expect_like(shadow)
    for _ in range(limit):
        if done(shadow):
            return shown
        if shadow.offered:
            index = choose(shadow.choice_labels)
            page.pick(shadow.choice_labels[index])
            shadow.choose(shadow.offered[index])
        else:
            page.click("phase")
            shadow.play_phase()
        shown = page.expect_like(shadow)
    raise AssertionError(f"not done after {limit} actions; status: {shadow.status}")


class Picker:
    """The first choice on buttons, the second from a dropdown (not its default value)."""

    def __init__(self) -> None:
        self.menus = 0  # how many choices were made from a dropdown

    def __call__(self, labels: list[str]) -> int:
        if len(labels) > 8:
            self.menus += 1
            return 1
        return 0


def run_all(page: Any) -> None:
    """Run every cell of the notebook on show (Run menu, Run All Cells)."""
    # Run All before the kernel is connected would open the "Select Kernel" dialog.
    expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"\| Idle$"))
           ).to_be_visible(timeout=WAIT_MS)
    page.locator(".lm-MenuBar-item", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-item", has_text=re.compile(r"^Run All Cells$")).click()


def _can_step(shadow: Any) -> bool:
    mover = shadow.match.to_move
    return mover is not None and mover != shadow.seat


class ExplainerPage:
    """The ``.bl-explainer`` widget on a page."""

    def __init__(self, page: Any, root: str = ".bl-explainer") -> None:
        self.page = page
        self.root = page.locator(root)
        self.card = self.root.locator(".bl-explainer-card")
        self.title = self.card.locator(".bl-card-title")
        self.status = self.root.locator("div.widget-label.bl-explainer-status")

    def button(self, name: str) -> Any:
        """``back``, ``next`` or ``next-round``."""
        return self.root.locator(f"button.widget-button.bl-explainer-{name}")

    def expect_like(self, shadow: Any) -> str:
        """Wait until the card shown is ``shadow``'s (a Python Explainer); the card's text."""
        expect(self.status).to_have_text(shadow.status, timeout=WAIT_MS)
        expect(self.title).to_have_text(shadow.card_lines[0], timeout=WAIT_MS)
        return self.card.inner_text()
