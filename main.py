"""Entry point for Android packaging: buildozer starts `main.py`.
On a desktop use `python -m companion` (or `./dossier companion`)."""

from companion.__main__ import main

main([])
