import sys

from pnp.cli import main

sys.exit(main())
