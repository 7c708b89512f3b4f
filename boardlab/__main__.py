"""``python -m boardlab``: the command line (see :mod:`boardlab.cli`).

Example: ``python -m boardlab play mall-of-horror --players 4 --seed 1``.
"""

from boardlab.cli import main

raise SystemExit(main())
