"""python -m fate.bench WHAT: see fate/bench/__init__.py."""

import sys

from fate.bench import main

sys.exit(main())
