"""`import boardlab.prob` must not load sympy or matplotlib (they load on first use)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
import boardlab.prob
from boardlab.prob import count_face
before = sorted({m.split('.')[0] for m in sys.modules} & {'sympy', 'matplotlib'})
count_face(4, 6).p(lambda k: k >= 2)  # Fraction work stays sympy-free too
fast = sorted({m.split('.')[0] for m in sys.modules} & {'sympy', 'matplotlib'})
count_face(4, 6).P(4)
after = sorted({m.split('.')[0] for m in sys.modules} & {'sympy', 'matplotlib'})
print(json.dumps([before, fast, after]))
"""


def test_import_loads_neither_sympy_nor_matplotlib() -> None:
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    before, fast, after = json.loads(out.stdout)
    assert before == [] and fast == []
    assert after == ["sympy"]  # the probe itself can see sympy arrive
