"""The hook points of a scenario, with the defaults: the sandbox's behaviour.

Every method receives the rules' working copy ``w`` (:class:`~..rules.Work`) and may
read and change it as the turn-step mixins do. A method that starts a chance node or
asks a character to decide returns ``True`` ("waiting"); the caller then stops and the
procedure resumes when the outcome or choice arrives.

Where the hooks are called (L7-R72 gives the order at the end of a turn):

====================  =======================================================
setup                 :meth:`Hooks.initial_stacks`, :meth:`Hooks.home`, :meth:`Hooks.notes`
move step             :meth:`Hooks.explore_stacks`, :meth:`Hooks.draw_stack`,
                      :meth:`Hooks.peek`, :meth:`Hooks.after_place`,
                      :meth:`Hooks.can_move`, :meth:`Hooks.entered`, :meth:`Hooks.is_exit`
action step           :meth:`Hooks.specials`, :meth:`Hooks.special_challenge`,
                      :meth:`Hooks.resolve_special`, :meth:`Hooks.challenge_lost`,
                      :meth:`Hooks.dark`, :meth:`Hooks.sealed`
trigger-events step   :meth:`Hooks.after_events`, :meth:`Hooks.feature` (spawning)
enemy step            :meth:`Hooks.enemy_tasks`, :meth:`Hooks.inactive`,
                      :meth:`Hooks.marker_targets`, :meth:`Hooks.guard_marker`,
                      :meth:`Hooks.to_box`, :meth:`Hooks.enemy_entered`
Dr. Cronos            :meth:`Hooks.cronos_dice`, :meth:`Hooks.cronos_explores`,
                      :meth:`Hooks.cronos_left`, :meth:`Hooks.cronos_reached`
end of turn / round   :meth:`Hooks.end_of_turn`, :meth:`Hooks.round_end`,
                      :meth:`Hooks.run_round_end`, :meth:`Hooks.result`
====================  =======================================================

>>> Hooks().name, Hooks.exit_rule
('sandbox', 'L7-SB-exit')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from boardlab.level7_lockdown import events_step
from boardlab.level7_lockdown.scenario import POOL, UNSEEN, Scenario
from boardlab.level7_lockdown.state import Char, Enemy, Setup, Task

if TYPE_CHECKING:
    from boardlab.level7_lockdown.geometry import Door
    from boardlab.level7_lockdown.work import Work


class Hooks:
    """The defaults: the sandbox scenario (L7-SB-*) and the common rules."""

    name = "sandbox"
    #: Rule cited when a character escapes by reaching the exit.
    exit_rule = "L7-SB-exit"
    #: Rule cited for Dr. Cronos's activation and his pool.
    cronos_rule = "L7-SB-cronos"
    #: Rule cited when defeating an enemy gains threat.
    threat_rule = "L7-SB-threat"
    #: The scenario's own values (``special`` in its data) and their ranges.
    special_keys: Mapping[str, tuple[int, int]] = {}

    # -- data --------------------------------------------------------------------------
    def check_special(self, r: Any, special: Mapping[str, Any]) -> None:
        """Check the scenario's own values (``r`` is the data reader naming paths)."""
        r.known("special", special, tuple(self.special_keys))
        for key, (low, high) in self.special_keys.items():
            if key not in special:
                raise r.bad(f"special.{key}", "missing")
            r.int(f"special.{key}", special[key], low, high)

    # -- setup -------------------------------------------------------------------------
    def initial_stacks(self, setup: Setup, scen: Scenario
                       ) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The stacks a match starts with: exploring stacks, face-down stacks, the
        objective, further stacks, then the pool (``"*"`` entries stand for its tiles)."""
        stacks = [*scen.stacks, *scen.facedown, ("objective", scen.objective),
                  *scen.extra_stacks]
        if scen.pool:
            stacks.append((POOL, scen.pool))
        return tuple((n, tuple(sorted(ts))) for n, ts in stacks)

    def home(self, setup: Setup, scen: Scenario, index: int) -> int:
        """The tile character ``index`` starts on and returns to (L7-R22)."""
        return scen.start

    def notes(self, setup: Setup) -> tuple[str, ...]:
        """Advice to show with the match title (none by default)."""
        return ()

    # -- move step ---------------------------------------------------------------------
    def explore_stacks(self, w: Work, c: Char) -> tuple[str, ...]:
        """The stacks ``c`` may choose to explore from; ``""`` means the engine's current
        stack (the first non-empty one, in order); empty: no exploring."""
        return ("",) if w.current_stack() is not None else ()

    def draw_stack(self, w: Work, c: Char, stack: str) -> str | None:
        """The stack an exploration draws from, given the explorer's choice."""
        return stack or w.current_stack()

    def peek(self, w: Work, c: Char, stack: str) -> tuple[int, str]:
        """Peek dice (0: no peeking) and the stack a successful peek draws from (L7-R19)."""
        return w.peek_dice(), "objective"

    def after_place(self, w: Work, index: int, purpose: str) -> None:
        """A tile was placed (explored, peeked or flipped, or by Dr. Cronos)."""

    def can_move(self, w: Work, c: Char, to: int, how: str) -> bool:
        """May ``c`` move to tile ``to`` (``how``: "move", "link", "vent")?"""
        return True

    def entered(self, w: Work, tile: int) -> bool:
        """The active character stepped onto ``tile`` (after the gas cloud); True while
        waiting for a roll."""
        return False

    def is_exit(self, w: Work, tile: int) -> bool:
        """Does reaching ``tile`` let a character escape?"""
        return w.has_feature(tile, "exit")

    # -- action step -------------------------------------------------------------------
    def specials(self, w: Work, c: Char) -> tuple[str, ...]:
        """The scenario's own actions ``c`` may take on their tile."""
        return ()

    def special_challenge(self, w: Work, c: Char, action: str
                          ) -> tuple[str, int, bool, str, str]:
        """``(icon, difficulty, weapon helps, rule id, words)`` of a special action."""
        raise AssertionError(f"the {self.name} scenario has no action {action!r}")

    def resolve_special(self, w: Work, action: str, won: bool, got: int) -> bool:
        """The special action's roll is in; True while waiting for more."""
        return False

    def challenge_lost(self, w: Work, kind: str) -> None:
        """The active character failed a challenge (``kind``: attack, escape, …)."""

    def dark(self, w: Work, tile: int) -> bool:
        """Is ``tile`` dark for challenges (L7-R18)?"""
        return w.has_feature(tile, "dark")

    def sealed(self, w: Work, door: Door) -> bool:
        """A locked door nobody may open the usual way (scenario 9's lift, L7-R44)."""
        return False

    # -- trigger-events and enemy steps --------------------------------------------------
    def after_events(self, w: Work) -> None:
        """End of the trigger-events step: the sandbox's LOCKDOWN pool (L7-SB-cronos)."""
        if w.cronos >= 0:
            events_step.pool_check(w, "empty", self.cronos_rule)

    def feature(self, w: Work, tile: int, feature: str) -> bool:
        """Does ``tile`` count as having ``feature`` when spawning (L7-R13)?"""
        return w.has_feature(tile, feature)

    def enemy_tasks(self, w: Work, activations: list[Task]) -> list[Task]:
        """The enemy step (L7-R72): card icons, the hybrids' dice, Dr. Cronos, the end."""
        return [*activations, *_ENEMY_STEP_TAIL]

    def inactive(self, w: Work, e: Enemy) -> str:
        """Why ``e`` does not activate now (scenario 11's Airlock, L7-R51); ``""``: it
        does."""
        return ""

    def marker_targets(self, w: Work, e: Enemy) -> list[tuple[str, int, int]]:
        """Markers guard ``e`` treats as targets: ``(id, tile, threat)``."""
        return []

    def guard_marker(self, w: Work, e: Enemy) -> bool:
        """A guard activating on a marker it only removes; True when it did."""
        return False

    def to_box(self, w: Work, e: Enemy) -> str:
        """The rule that sends ``e`` to the box instead of the reserves (``""``: none)."""
        return ""

    def enemy_entered(self, w: Work, e: Enemy, tile: int) -> None:
        """Enemy ``e`` moved onto ``tile``."""

    # -- Dr. Cronos -----------------------------------------------------------------------
    def cronos_dice(self, w: Work) -> int:
        """Dice of his activation: one per LOCKDOWN token (L7-SB-cronos)."""
        return w.lockdown

    def cronos_explores(self, w: Work) -> bool:
        """Does he explore when no path leads to his target (scenario 12)?"""
        return False

    def cronos_left(self, w: Work, tile: int, left: int) -> bool:
        """He left ``tile`` with ``left`` moves to go; True while waiting for a roll."""
        return False

    def cronos_reached(self, w: Work) -> None:
        """He stepped onto a character's tile and stopped."""

    def resolve_roll(self, w: Work, roll: Any) -> None:
        """A roll of the scenario's own (``w.pending.purpose``) is in."""
        raise AssertionError(f"the {self.name} scenario rolls no {w.pending.purpose!r}")

    def cronos_choices(self, w: Work) -> tuple[int, ...]:
        """The tiles the character who started lockdown may put Dr. Cronos on."""
        return ()

    def command(self, w: Work) -> int | None:
        """The map index of Central Command, next to which Dr. Cronos is placed (only
        scenario 9 has one, L7-R43)."""
        return None

    def place_cronos(self, w: Work, tile: int) -> None:
        """The character who started lockdown chose Dr. Cronos's tile (scenario 9)."""
        raise AssertionError(f"the {self.name} scenario has no such choice")

    def start_lockdown(self, w: Work) -> None:
        """Lockdown starts (the scenario's own setup of it)."""
        w.set_scn(locked_down=True, trigger=False)

    # -- end of turn and round -----------------------------------------------------------
    def end_of_turn(self, w: Work) -> None:
        """The scenario's end-of-turn rules (after Dr. Cronos, L7-R72)."""

    def round_end(self, w: Work) -> bool:
        """Does the scenario act at the end of this round?"""
        return False

    def run_round_end(self, w: Work) -> bool:
        """Its end-of-round procedure; True while waiting."""
        return False

    def result(self, w: Work) -> str:
        """``"win"`` or ``"defeat"`` once the scenario itself ends the match, else ``""``."""
        return w.scn.result


#: The tasks every enemy step ends with (shared: the same each turn).
_ENEMY_STEP_TAIL = (Task("hunters_die"), Task("blaster_die"), Task("cronos"), Task("end_turn"))


def count_unseen(tiles: tuple[str, ...]) -> int:
    """How many unseen pool tiles a stack holds."""
    return sum(1 for t in tiles if t == UNSEEN)
