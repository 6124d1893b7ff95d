"""A warning that also carries what it says as values (how far text overflows, which
picture is missing), so a program that shows warnings (pnp preview) need not parse the
text. It is the text everywhere else: printed, compared and collected as a str."""

from __future__ import annotations


class Notice(str):
    """A warning's text with named facts as attributes (e.g. `over_mm`, `picture`)."""

    def __new__(cls, text: str, **facts):
        notice = super().__new__(cls, text)
        notice.__dict__.update(facts)
        return notice

    def __reduce__(self):  # a worker process's warnings cross back with their facts
        return _rebuild, (str(self), dict(self.__dict__))


def _rebuild(text: str, facts: dict) -> Notice:
    return Notice(text, **facts)
