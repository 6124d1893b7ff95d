"""The cookbook's recipes (cookbook.py draws them): what a designer searches for,
each a component and its layouts, written as the designer would write them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Recipe:
    key: str  # the picture's name and the game's id
    title: str  # the heading
    name: str  # the game's name
    wants: tuple  # the index's lines: "put a cost in the corner"...
    note: str  # how it works and what to change
    component: str  # YAML: the component, an entry of game.yaml's `components:`
    layouts: str  # YAML: layouts.yaml
    icons: str = ""  # YAML: icons.yaml
    data: tuple = ()  # (file name, text): data files the component reads
    sides: tuple = ("front",)  # the sides the picture shows


def recipe(key, title, name, wants, note, component, layouts, icons="", data=(),
           sides=("front",)):
    return Recipe(key, title, name, tuple(wants), " ".join(note.split()),
                  component.strip("\n"), layouts.strip("\n"), icons.strip("\n"),
                  tuple((n, t.strip("\n")) for n, t in data), sides)


BACK = 'back: basic-card-back\n  vars: {back_color: "#24305e"}'  # every deck needs a back

RECIPES = [
    recipe("cost-corner", "A cost in the corner", "Spells", [
        "put a cost in the corner of a card", "draw a picture named by a field"], """
A `badge` is a filled shape with a value centred in it. Drawn after the picture, it sits
over the picture's corner; `value: "{cost}"` prints each card's own cost. Change
`shape` (`hex`, `shield`, `square`, `diamond`), `fill` or `size`, or move it with `x`
and `y` (keep it 3 mm inside the edge, the safe zone). The picture's file is named by
the card's `art` field.""", f"""
- id: spells
  kind: deck
  size: poker
  front: spell
  {BACK}
  fields: {{name: text, cost: int, art: text, text: text}}
  items:
    - {{id: S1, name: Fox Trick, cost: 1, art: fox-head, text: Swap two cards in play.}}
    - {{id: S2, name: Owl Sight, cost: 3, art: owl, text: Look at the top three cards.}}
    - {{id: S3, name: Bear Might, cost: 5, art: bear-head, text: Each player discards a card.}}
""", """
layouts:
  spell:
    elements:
      - {type: background, fill: "#efe6d2"}
      - {type: rect, x: 5, y: 5, w: "w - 10", h: 48, radius: 2, fill: "#fbf8f0"}
      - {type: image, src: "art/{art}.svg", x: 12, y: 9, w: "w - 24", h: 40}
      - {type: badge, x: 3, y: 3, size: 13, value: "{cost}", fill: "#9c6310",
         stroke: "#fbf8f0", stroke_width: 0.8, style: basic-stat}
      - {type: text, x: 5, y: 56, w: "w - 10", h: 9, text: "{name}", style: basic-title,
         size: 12}
      - {type: text, x: 7, y: 66, w: "w - 14", h: 16, text: "{text}", style: basic-body,
         size: 9, align: center}
"""),
    recipe("type-banner", "A banner coloured by the card's type", "Actions", [
        "colour part of a card by its type", "look a value up in a table (a map in `vars`)"],
           """
The component's `vars` hold a map from each type to its colour, and the banner's
`fill: "{type_colors.{type}}"` looks the card's type up in it (the inner template
first). `choices` on the field makes a type with no colour an error at its card.
Add a type by adding it to both; the frame stays one cream for every card, so a
slightly missed cut never shows a neighbour's colour.""", """
- id: actions
  kind: deck
  size: poker
  front: action
  back: basic-card-back
  vars:
    back_color: "#24305e"
    type_colors: {attack: "#b0413e", defend: "#4f6d9a", trick: "#2e6b3a"}
  fields:
    name: text
    type: {type: text, choices: [attack, defend, trick]}
    art: text
    text: text
  items:
    - {id: A1, name: Pounce, type: attack, art: fox-head, text: Deal 2 damage.}
    - {id: A2, name: Hide, type: defend, art: frog, text: Ignore the next attack.}
    - {id: A3, name: Riddle, type: trick, art: owl, text: Take a card from a rival.}
""", """
styles:
  banner: {font: sans, size: 10, bold: true, color: "#ffffff", align: center,
           valign: middle, upper: true, tracking: 2}
layouts:
  action:
    elements:
      - {type: background, fill: "#efe6d2"}
      - {type: text, x: 5, y: 5, w: "w - 10", h: 9, text: "{name}", style: basic-title,
         size: 13}
      - {type: rect, x: 5, y: 16, w: "w - 10", h: 36, radius: 2, fill: "#fbf8f0"}
      - {type: image, src: "art/{art}.svg", x: 12, y: 18, w: "w - 24", h: 32}
      - {type: rect, x: 5, y: 54, w: "w - 10", h: 8, radius: 1,
         fill: "{type_colors.{type}}"}
      - {type: text, x: 5, y: 54, w: "w - 10", h: 8, text: "{type}", style: banner}
      - {type: text, x: 7, y: 65, w: "w - 14", h: 16, text: "{text}", style: basic-body,
         size: 9, align: center}
"""),
    recipe("full-art", "A full-art card", "Portraits", [
        "make the picture fill the whole card", "put text on a see-through band"], """
The picture is the card's `background` (`image:` covers the card and its bleed,
cropping what overflows), and the text sits on a band of cream with an alpha of `d9`
(`#fbf8f0d9`, 85 % opaque), so the picture shows through a little while the text stays
readable; the band runs on into the bleed (`x: "-bleed"`), so a cut a little off never
shows where it ends. Lower the alpha (`#fbf8f0a0`) to see more of the picture; keep
it high enough for dark text to read. A PNG or JPEG painting works as these SVGs do.""", f"""
- id: portraits
  kind: deck
  size: poker
  front: portrait
  {BACK}
  fields: {{name: text, art: text, text: text}}
  items:
    - {{id: P1, name: The Fox, art: fox-head, text: Quick and clever.}}
    - {{id: P2, name: The Owl, art: owl, text: Sees in the dark.}}
    - {{id: P3, name: The Bear, art: bear-head, text: Slow to anger.}}
""", """
layouts:
  portrait:
    elements:
      - {type: background, fill: "#c9b995"}
      - {type: background, image: "art/{art}.svg"}
      - {type: rect, x: "-bleed", y: 60, w: "w + 2 * bleed", h: 22, fill: "#fbf8f0d9"}
      - {type: text, x: 5, y: 61, w: "w - 10", h: 9, text: "{name}", style: basic-title,
         size: 13}
      - {type: text, x: 5, y: 70, w: "w - 10", h: 9, text: "{text}", style: basic-body,
         size: 9, align: center, valign: middle}
"""),
    recipe("icon-row", "A row of icons, as many as a number", "Runners", [
        "repeat an icon as many times as a number", "centre a row of things on a card"], """
Five icons, each drawn only when the number reaches it (`when: "speed >= 3"` for the
third); the row is centred by arithmetic on the field (`x: "w / 2 - speed * 4.5 + 9"`:
the row is `speed` icons of 9 mm). For more, raise the field's `max` and add elements;
`paw` is an icon of icons.yaml (section 6 of the format), here an SVG file; an icon
of shapes can be recoloured with `color`.""", """
- id: runners
  kind: deck
  size: poker
  front: runner
  back: basic-card-back
  vars: {back_color: "#24305e"}
  fields:
    name: text
    art: text
    speed: {type: int, min: 1, max: 5}
  items:
    - {id: R1, name: Frog, art: frog, speed: 2}
    - {id: R2, name: Fox, art: fox-head, speed: 4}
    - {id: R3, name: Rabbit, art: rabbit, speed: 5}
""", """
layouts:
  runner:
    elements:
      - {type: background, fill: "#efe6d2"}
      - {type: text, x: 5, y: 5, w: "w - 10", h: 9, text: "{name}", style: basic-title,
         size: 13}
      - {type: rect, x: 5, y: 16, w: "w - 10", h: 46, radius: 2, fill: "#fbf8f0"}
      - {type: image, src: "art/{art}.svg", x: 10, y: 19, w: "w - 20", h: 40}
      - {type: text, x: 5, y: 65, w: "w - 10", h: 5, text: SPEED, style: basic-small,
         size: 7}
      - {type: icon, name: paw, x: "w / 2 - speed * 4.5", y: 71, size: 9}
      - {type: icon, name: paw, x: "w / 2 - speed * 4.5 + 9", y: 71, size: 9,
         when: "speed >= 2"}
      - {type: icon, name: paw, x: "w / 2 - speed * 4.5 + 18", y: 71, size: 9,
         when: "speed >= 3"}
      - {type: icon, name: paw, x: "w / 2 - speed * 4.5 + 27", y: 71, size: 9,
         when: "speed >= 4"}
      - {type: icon, name: paw, x: "w / 2 - speed * 4.5 + 36", y: 71, size: 9,
         when: "speed >= 5"}
""", icons="""
icons:
  paw:
    - svg: art/paw.svg
"""),
    recipe("when", "Show an element only on some cards", "Woodland", [
        "vary a card by its data (`when:`)", "show a value only on the cards that have it",
        "mark some cards (unique, event...)"], """
`when:` draws an element only on the cards where its condition holds: the power
shield only on units (`kind == 'unit'`, text in quotes), the red EVENT band only on
events, the UNIQUE tag only where the optional `unique` field is true (a field left
out is false). Names in a condition are checked when the game loads, so a misspelt
one is an error at its line, never a card that silently lacks it.""", f"""
- id: woodland
  kind: deck
  size: poker
  front: woodland
  {BACK}
  fields:
    name: text
    kind: {{type: text, choices: [unit, event]}}
    power: {{type: int, required: false}}
    unique: {{type: bool, required: false}}
    art: text
    text: text
  items:
    - {{id: W1, name: Fox Scout, kind: unit, power: 2, art: fox-head, text: Moves first.}}
    - {{id: W2, name: Old Owl, kind: unit, power: 4, unique: true, art: owl,
       text: Your units get +1.}}
    - {{id: W3, name: Flood, kind: event, art: frog, text: Every unit goes home.}}
""", """
layouts:
  woodland:
    elements:
      - {type: background, fill: "#efe6d2"}
      - {type: text, x: 5, y: 5, w: "w - 10", h: 9, text: "{name}", style: basic-title,
         size: 13}
      - {type: rect, x: 5, y: 16, w: "w - 10", h: 44, radius: 2, fill: "#fbf8f0"}
      - {type: image, src: "art/{art}.svg", x: 12, y: 19, w: "w - 24", h: 38}
      - {type: badge, x: 6, y: 46, size: 12, shape: shield, value: "{power}",
         fill: "#4f6d9a", style: basic-stat, when: "kind == 'unit'"}
      - {type: rect, x: 5, y: 50, w: "w - 10", h: 8, fill: "#b0413e",
         when: "kind == 'event'"}
      - {type: text, x: 5, y: 50, w: "w - 10", h: 8, text: EVENT, style: basic-token,
         when: "kind == 'event'"}
      - {type: rect, x: 39, y: 51, w: 17, h: 6, radius: 1, fill: "#9c6310", when: unique}
      - {type: text, x: 39, y: 51, w: 17, h: 6, text: UNIQUE, style: basic-token,
         size: 7, when: unique}
      - {type: text, x: 7, y: 63, w: "w - 14", h: 18, text: "{text}", style: basic-body,
         size: 9, align: center}
"""),
    recipe("two-sided-token", "A two-sided token", "Scouts", [
        "make a token with a front and a back", "flip a token to show it is used"], """
A `tokens` component with a `front` and a `back` layout: each token prints both, back
to back (the build lines the backs up for duplex, or folds them with `--duplex fold`).
Both sides read the same item, so the back can name the token too. Here the pictures
show the fox's front and back, then the owl's; `shape: round` cuts them as discs
(`square` and `hex` are the others), `size` is the diameter.""", """
- id: scouts
  kind: tokens
  shape: round
  front: scout-ready
  back: scout-spent
  fields: {name: text, art: text}
  items:
    - {id: fox, size: 30, name: Fox, art: fox-head}
    - {id: owl, size: 30, name: Owl, art: owl}
""", """
layouts:
  scout-ready:
    elements:
      - {type: background, fill: "#2f5d3a"}
      - {type: circle, cx: 15, cy: 15, r: 12.5, fill: "#efe6d2"}
      - {type: image, src: "art/{art}.svg", x: 8, y: 5, w: 14, h: 14}
      - {type: text, x: 6, y: 19, w: 18, h: 5, text: "{name}", style: basic-title,
         size: 9}
  scout-spent:
    elements:
      - {type: background, fill: "#5a5a5a"}
      - {type: text, x: 5, y: 9, w: 20, h: 6, text: "{name}", style: basic-token,
         size: 10}
      - {type: text, x: 5, y: 15, w: 20, h: 5, text: SPENT, style: basic-token,
         size: 7, color: "#e0e0e0"}
""", sides=("front", "back")),
    recipe("layout-per-kind", "A layout for each kind of card", "Grove", [
        "give each kind of card its own layout", "share a frame between layouts"], """
`front: "{kind}-front"` names each card's layout by its `kind` field, so creatures and
spells are drawn differently in one deck (a kind with no layout is an error at its
card). Both layouts `extends` one frame, `grove-base`, which draws what they share:
change the frame once and every kind follows. Add a kind by adding a layout named
`KIND-front`.""", f"""
- id: grove
  kind: deck
  size: poker
  front: "{{kind}}-front"
  {BACK}
  fields:
    name: text
    kind: {{type: text, choices: [creature, spell]}}
    art: {{type: text, required: false}}
    text: text
  items:
    - {{id: G1, name: Snake, kind: creature, art: snake, text: Strikes twice.}}
    - {{id: G2, name: Frog, kind: creature, art: frog, text: Jumps over a card.}}
    - {{id: G3, name: Deep Roots, kind: spell,
       text: "Until your next turn, no card can leave the table. Draw a card."}}
""", """
layouts:
  grove-base:
    elements:
      - {type: background, fill: "#efe6d2"}
      - {type: text, x: 5, y: 5, w: "w - 10", h: 9, text: "{name}", style: basic-title,
         size: 13}
  creature-front:
    extends: grove-base
    elements:
      - {type: rect, x: 5, y: 16, w: "w - 10", h: 46, radius: 2, fill: "#fbf8f0"}
      - {type: image, src: "art/{art}.svg", x: 10, y: 19, w: "w - 20", h: 40}
      - {type: text, x: 7, y: 65, w: "w - 14", h: 16, text: "{text}", style: basic-body,
         size: 9, align: center}
  spell-front:
    extends: grove-base
    elements:
      - {type: rect, x: 5, y: 16, w: "w - 10", h: 66, radius: 2, fill: "#5b3f86"}
      - {type: text, x: 5, y: 20, w: "w - 10", h: 6, text: SPELL, style: basic-token,
         size: 8}
      - {type: text, x: 9, y: 30, w: "w - 18", h: 44, text: "{text}", style: basic-body,
         size: 11, color: "#ffffff", align: center, valign: middle}
"""),
    recipe("stat-block", "A block of stats", "Beasts", [
        "show several numbers with their names (attack, defence...)"], """
Three badges in a row, each with a `label` under its value; the shapes tell the
stats apart at a glance even in black and white. A badge's box is `size` square, so
the row is laid out by adding `size` and a gap to `x` (here 16 + 1 mm). Add a stat by
adding a field and a badge; four fit on a poker card at `size: 13`.""", f"""
- id: beasts
  kind: deck
  size: poker
  front: beast
  {BACK}
  fields:
    name: text
    art: text
    attack: {{type: int, min: 0}}
    defence: {{type: int, min: 0}}
    health: {{type: int, min: 1}}
  items:
    - {{id: B1, name: Snake, art: snake, attack: 3, defence: 1, health: 2}}
    - {{id: B2, name: Bear, art: bear-head, attack: 4, defence: 3, health: 6}}
""", """
styles:
  stat-label: {extends: basic-token, size: 7}
layouts:
  beast:
    elements:
      - {type: background, fill: "#efe6d2"}
      - {type: text, x: 5, y: 5, w: "w - 10", h: 9, text: "{name}", style: basic-title,
         size: 13}
      - {type: rect, x: 5, y: 16, w: "w - 10", h: 44, radius: 2, fill: "#fbf8f0"}
      - {type: image, src: "art/{art}.svg", x: 12, y: 19, w: "w - 24", h: 38}
      - {type: badge, x: 6.5, y: 63, size: 16, shape: square, value: "{attack}",
         label: ATTACK, fill: "#b0413e", style: basic-stat, label_style: stat-label}
      - {type: badge, x: 23.5, y: 63, size: 16, shape: hex, value: "{defence}",
         label: DEFENCE, fill: "#4f6d9a", style: basic-stat, label_style: stat-label}
      - {type: badge, x: 40.5, y: 63, size: 16, value: "{health}", label: HEALTH,
         fill: "#2e6b3a", style: basic-stat, label_style: stat-label}
"""),
    recipe("card-number", "A card number like 3/12", "Journey", [
        "number the cards (3/12)", "change one part of a bundled layout"], """
`{index}` is the card's place in its component, from 1; the total is a variable of
the component (`cards: 3`), so change it when you add a card (`rules: {count: 3}`
checks that it is right). The layout `extends` the bundled `basic-card-front` and
replaces only its `id` element, the small text at the foot. For copies of one card
("coin 2 of 5") write `{copy}/{copies}`.""", """
- id: journey
  kind: deck
  size: poker
  front: numbered
  back: basic-card-back
  vars: {back_color: "#24305e", cards: 3}
  rules: {count: 3}
  fields: {name: text, color: text, text: text}
  items:
    - {id: J1, name: Set Out, color: "#2f5d3a",
       text: "Everyone draws **two** cards. The youngest player starts."}
    - {id: J2, name: The Ford, color: "#2b5f7a",
       text: "Discard a card to cross now, or wait a turn."}
    - {id: J3, name: Home, color: "#7a4f12",
       text: "The first player to arrive wins the journey."}
""", """
layouts:
  numbered:
    extends: basic-card-front
    elements:
      - {id: id, type: text, x: 5, y: "h - 8", w: "w - 10", h: 4,
         text: "{index}/{cards}", style: basic-small, size: 8}
"""),
    recipe("spreadsheet", "A deck from a spreadsheet", "Market", [
        "make the cards from a spreadsheet (CSV)", "print several copies of a card"], """
`data: cards.csv` reads one card a row: the header names the fields (and `copies`),
so the spreadsheet is the deck and the layout stays the same. Save it from a
spreadsheet program as "CSV UTF-8"; an `.xlsx` file works too. The cards here use the
bundled `basic-card-front`, which prints `name`, `text` and `color`; the picture shows
one copy of each.""", """
- id: market
  kind: deck
  size: poker
  data: cards.csv
  front: basic-card-front
  back: basic-card-back
  vars: {back_color: "#24305e"}
  fields: {name: text, color: text, text: text}
""", "", data=[("cards.csv", """
id,name,color,copies,text
M1,Bread,#7a4f12,4,Gain **1** food.
M2,Fish,#2b5f7a,3,Gain **2** food if you have a boat.
M3,Honey,#9c6310,1,Gain **3** food. Bears want it too.
""")]),
]
