"""What the listing of actions asks of a card, read once per card id: the traits
that decide reach and screening (AAT-CMB-1), and its orders' costs and objective
steps. A parsed card is never changed (tests add new ids, never edit one), so a
card's facts never go stale; this spares a trait lookup per candidate action."""

from __future__ import annotations

# an attacker's profile as reach.py judges it: its own screens and what stops it
FIGHTER, CAPITAL, NO_CAPITAL, NO_FIGHTER, MARKED = 1, 2, 4, 8, 16
# effect steps that change nothing a combat listing reads (Disruption, Mark,
# Computation, Funds and objective tokens, theaters) but by pieces leaving or
# entering play, which legal.carried sees: see legal.CARRIED
QUIET_OPS = ("shield", "stealth", "repair", "draw", "objective", "damage", "deploy", "place")
PIECES = ("Unit", "Leader", "Objective")  # the cards that enter play (Triggers.op_enter)


class CardFacts:
    """One card's flags. Fighter and Capital work even under Disruption
    (model.ALWAYS); the others are read together with the piece's tokens."""

    __slots__ = ("fighter", "capital", "defender", "defended", "passes_capital",
                 "point_defense", "mainframe", "transport", "both", "orders", "kind", "reach",
                 "reach_disrupted", "quiet", "guarded")

    def __init__(self, card: dict):
        traits = card["traits"]
        self.fighter = bool(traits.get("Fighter"))
        self.capital = bool(traits.get("Capital"))
        self.defender = bool(traits.get("Defender"))
        self.defended = bool(traits.get("Defended"))
        # behind a working Defender, unless it is one (AAT-TRAIT-8)
        self.guarded = self.defended and not self.defender
        # a Fighter reaches Capital units with Bomber or Torpedo (AAT-TRAIT-6)
        self.passes_capital = bool(traits.get("Bomber") or traits.get("Torpedo"))
        self.point_defense = bool(traits.get("Point-Defense"))
        self.mainframe = bool(traits.get("Mainframe"))
        self.transport = "Transport" in card["types"]
        self.both = len(card["theaters"]) == 2
        self.kind = card["kind"]
        # AAT-TRAIT-6, 9: a Fighter needs Bomber or Torpedo for a Capital unit, a
        # Capital unit Point-Defense for a Fighter (neither works under Disruption)
        screens = (FIGHTER if self.fighter else 0) | (CAPITAL if self.capital else 0)
        self.reach_disrupted = screens | (NO_CAPITAL if self.fighter else 0) | (
            NO_FIGHTER if self.capital else 0)
        self.reach = screens | (NO_CAPITAL if self.fighter and not self.passes_capital
                                else 0) | (NO_FIGHTER if self.capital and not
                                           self.point_defense else 0)
        # per printed order: (its Funds cost, the objective orders among its steps)
        self.orders = tuple((order["funds"], tuple(s["name"] for s in order["effect"]
                                                   if s["op"] == "objective"))
                            for order in card["orders"])
        # per printed order: free, and every step one of QUIET_OPS
        self.quiet = tuple(not order["funds"] and all(s["op"] in QUIET_OPS
                                                      for s in order["effect"])
                           for order in card["orders"])


class Facts(dict):
    """card id -> CardFacts, filled on first use from the engine's cards; `health`,
    card id -> health, for the sweep after damage (Damage.op_destroy)."""

    def __init__(self, cards: dict):
        super().__init__()
        self.cards = cards
        self.health = Health(cards)

    def __missing__(self, card_id: str) -> CardFacts:
        facts = self[card_id] = CardFacts(self.cards[card_id])
        return facts


class Health(dict):
    """card id -> its printed health, filled on first use."""

    def __init__(self, cards: dict):
        super().__init__()
        self.cards = cards
        self.checked = -1  # how many cards `sound` last looked at
        self.all_sound = False

    def sound(self) -> bool:
        """Every card that can be a piece in play has health 1 or more (judged again
        whenever cards are added), so none enters play at its health."""
        if self.checked != len(self.cards):
            self.checked = len(self.cards)
            self.all_sound = all(card["health"] >= 1 for card in self.cards.values()
                                 if card["kind"] in PIECES)
        return self.all_sound

    def __missing__(self, card_id: str) -> int:
        value = self[card_id] = self.cards[card_id]["health"]
        return value
