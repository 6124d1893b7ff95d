"""Sheets: the print files: pieces drawn onto their sheets, marks, tiles, written whole."""
