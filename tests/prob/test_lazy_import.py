"""`import boardlab.prob` loads no heavy library; answers are Fractions without sympy.

sympy, matplotlib, networkx and ipywidgets load only where a method needs them: the
exact answers (Fractions) never do, and neither do the odds the board shows at every
step (`odds.live_odds`, issue 9). Each probe runs in a fresh interpreter.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEAVY = "{'sympy', 'matplotlib', 'networkx', 'ipywidgets', 'IPython'}"


def _probe(body: str) -> list[list[str]]:
    code = ("import json, sys\n"
            f"def heavy(): return sorted({{m.split('.')[0] for m in sys.modules}} & {HEAVY})\n"
            "seen = []\n" + body + "\nprint(json.dumps(seen))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout)


def test_import_and_fraction_answers_load_no_heavy_library() -> None:
    seen = _probe("""
import boardlab
seen.append(heavy())
import boardlab.prob
from boardlab.prob import count_face, draw, hypergeometric, challenge
seen.append(heavy())
(count_face(4, 6) >= 2).P(); count_face(4, 6).E(); str(count_face(4, 6))
draw((3, 1, 2), 3).P((1, 1, 1)); hypergeometric(7, 3, 2).at_least(1)
(challenge(4, "Intelligence", 4) >= 0).P(); count_face(4, 6)._repr_latex_()
seen.append(heavy())
count_face(4, 6).sd()
seen.append(heavy())
""")
    assert seen == [[], [], [], ["sympy"]]  # the probe itself can see sympy arrive


def test_the_boards_live_odds_never_import_sympy() -> None:
    seen = _probe("""
from boardlab import mall_of_horror as moh
from boardlab.mall_of_horror import odds
match = moh.play(players=4, seed=3)
for record in match.records[::7]:
    odds.live_odds(record.before)
odds.break_in(6, defence=5, zombies=2); odds.expected_rounds_to_seal(0)
odds.vote(moh.position(players=3, characters={6: ["red pinup", "blue pinup"]}, phase="c"), 6)
seen.append(heavy())
odds.break_in(6, defence=5, zombies=2, explain=True)
seen.append(heavy())
""")
    assert seen == [[], ["sympy"]]
