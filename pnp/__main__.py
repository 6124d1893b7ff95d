import sys

from pnp.launch import main

sys.exit(main())
