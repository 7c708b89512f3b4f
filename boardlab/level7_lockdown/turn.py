"""Turns and rounds (L7-R6), the end of a turn (L7-R72), the Infirmary (L7-R22) and the
end of the match (L7-R23)."""

from __future__ import annotations

from boardlab.level7_lockdown.cronos import Cronos
from boardlab.level7_lockdown.state import INFIRMARY, INSIDE, Pending, Task
from boardlab.level7_lockdown.work import plural
from boardlab.narrate import and_list

#: Characters still in the match: on the map or in the Infirmary.
PRESENT = (INSIDE, INFIRMARY)


class Turn(Cronos):
    __slots__ = ()

    def begin_turn(self) -> None:
        """Start the active character's turn, skipping those out of play (a character in
        the Infirmary misses the turn and comes back, L7-R84)."""
        if self.match_over():
            return
        c = self.me
        if c.status == INSIDE:
            self.step = "move"
            self.moves = self.cfg.moves
            self.explored = ()
            self.event = -1
            self.emit("turn", f"{c.name}'s turn begins on {self.tname(c.tile)}", "L7-R6",
                      c.name)
            self.wait(Pending("move"))
            return
        if c.status == INFIRMARY:
            self.return_from_infirmary()
        self.next_seat()

    def next_seat(self) -> None:
        """After a turn (or a missed one): the scenario's end of the round when this was
        the last seat (scenario 12's Dr. Cronos, L7-S12-precronos), then the next turn."""
        if self.active == len(self.chars) - 1 and not self.scn.result \
                and self.hooks.round_end(self.work):
            self.step = "roundend"      # its events read "end of the round"
            self.queue = (Task("round_end"), Task("next_round"))
            return self.run_queue()
        self.next_turn()

    def next_turn(self) -> None:
        self.queue = ()
        self.advance()
        self.begin_turn()

    def return_from_infirmary(self) -> None:
        """The missed turn ends: back on the start tile (L7-R22, L7-R84; scenario 9: the
        character's own side tile, L7-R71), fear at least 4 or the terror
        (L7-terror-infirmary)."""
        c = self.me
        fear = max(4, c.terror)
        home = self.hooks.home(self.setup, self.scen, self.active)
        self.step = "move"
        self.set_char(self.active, status=INSIDE, tile=home,
                      vitality=self.scen.vitality, fear=fear, down=False)
        self.emit("infirmary", f"{c.name} misses this turn in the Infirmary and returns to "
                  f"{self.tname(home)} with {self.scen.vitality} vitality",
                  "L7-R71" if self.scen.name == "9" else "L7-R84", c.name)
        rule_id = "L7-terror-infirmary" if c.terror else "L7-R22"
        self.emit("fear", f"{c.name}'s fear is set to {fear} (the higher of 4 and the terror "
                  f"{c.terror})", rule_id, c.name, fear=fear)

    def end_turn(self) -> None:
        """After Dr. Cronos: the Alien Zone, his drain, the next turn (L7-R72)."""
        c = self.me
        if c.status == INSIDE and self.scen.alien_zone:
            fear_tile = self.has_feature(c.tile, "fear")
            aliens = self.aliens_on(c.tile)
            if fear_tile or aliens:
                why = "a fear tile" if fear_tile else plural(len(aliens), "alien")
                self.gain_fear(self.active, 1, f"the Alien Zone: {why}", "L7-R17")
        if self.cronos >= 0:
            self.cronos_drain()
        self.hooks.end_of_turn(self.work)
        if any(e.spent for e in self.enemies):
            self.enemies = tuple(e._replace(spent=False) for e in self.enemies)
        if self.event >= 0:
            self.events_discard = tuple(n + (k == self.event)
                                        for k, n in enumerate(self.events_discard))
        self.event = -1
        self.explored = ()
        self.queue = ()
        self.next_seat()

    def advance(self) -> None:
        self.active += 1
        if self.active == len(self.chars):
            self.active = 0
            self.round += 1
            if self.round <= self.setup.rounds:
                self.step = "move"
                self.emit("round", f"Round {self.round} begins", "L7-R6", phase="round:")

    def match_over(self) -> bool:
        """The match ends when no character is left inside, when the scenario declares a
        win or a defeat (scenario 13), or after the turn limit."""
        present = [c for c in self.chars if c.status in PRESENT]
        verdict = self.hooks.result(self.work)
        if present and self.round <= self.setup.rounds and not verdict:
            return False
        self.step = "over"
        self.queue = ()
        self.pending = Pending("over")
        if verdict:
            pass   # the scenario's hook has said why
        elif present:
            self.emit("turn_limit", f"The turn limit of {self.setup.rounds} rounds is reached: "
                      f"{and_list([c.name for c in present])} never got out", "L7-R23")
        results = "; ".join(f"{c.name} {c.status if c.status not in PRESENT else 'inside'}"
                            for c in self.chars)
        self.emit("game_over", f"The match is over: {results}", "L7-R23",
                  results=tuple((c.name, c.status) for c in self.chars))
        return True
