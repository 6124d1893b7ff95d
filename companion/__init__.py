"""Dossier's table companion: rules engines and the Kivy app (later issues)."""
