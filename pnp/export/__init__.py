"""Export: files made from the same drawing: PNGs, print-shop files, CMYK, Tabletop
Simulator, showcase pictures, the gallery."""
