"""Shared state of the boardlab.prob tests: node counts reported after the run.

``test_exact.py`` records, for each Mall of Horror position, how many nodes the tree
walk and the merged walk visited; the table is printed at the end of any run that
includes those tests (issue 8 asks for the numbers).
"""

from __future__ import annotations

from typing import Any

NODE_COUNTS: dict[str, tuple[int, int]] = {}


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not NODE_COUNTS:
        return
    write = terminalreporter.write_line
    terminalreporter.section("enumerate_game: tree walk vs merged walk (nodes visited)")
    write(f"{'position':<32} {'tree':>9} {'merged':>8} {'ratio':>7}")
    for name, (tree, merged) in NODE_COUNTS.items():
        write(f"{name:<32} {tree:>9,} {merged:>8,} {tree / merged:>6.1f}×")
    tree_total = sum(t for t, _ in NODE_COUNTS.values())
    merged_total = sum(m for _, m in NODE_COUNTS.values())
    write(f"{'all ' + str(len(NODE_COUNTS)) + ' positions':<32} {tree_total:>9,} "
          f"{merged_total:>8,} {tree_total / merged_total:>6.1f}×")
