"""`pnp preview` in a real browser (Debian's headless chromium through selenium): every
side is shown, the search filters, the overlays change the pixels drawn, a save shows
within seconds, a broken game.yaml shows its problem at file:line over the last good
pieces, a piece that cannot be drawn shows its problem in its place, text that does not
fit is marked, and a click shows the lines that drew a piece; Ctrl-C ends it with 130."""

from __future__ import annotations

import io
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from pnp.export.previewimages import one_copy
from pnp.load.game import load_game
from pnp.load.players import for_players
from pnp.sheets.piecepdf import plan
from pnp.sheets.printfile import Options
from tests.conftest import edit

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

CHROMIUM, DRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
pytestmark = pytest.mark.skipif(not (CHROMIUM.exists() and DRIVER.exists()),
                                reason="needs Debian's chromium and chromium-driver "
                                       "(./dossier test installs them)")
REPO = Path(__file__).resolve().parents[1]
TIMEOUT = 20.0  # a limit for a hung page, not a guess at its speed
LONG = "Far too many words for this small box, said over and over again. " * 40


def started(game: Path):
    process = subprocess.Popen([sys.executable, "-m", "pnp", "preview", str(game),
                                "--no-browser"], cwd=REPO, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    ready, _, _ = select.select([process.stdout], [], [], TIMEOUT)
    line = process.stdout.readline() if ready else ""
    if "http://127.0.0.1:" not in line:
        process.kill()
        raise AssertionError(f"no address printed: {line!r} {process.stderr.read()}")
    return process, line.split(" at ")[1].split()[0]


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu",
                 "--window-size=1400,1000", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    return webdriver.Chrome(options=options,
                            service=webdriver.ChromeService(executable_path=str(DRIVER)))


def sides_of(game: Path) -> int:
    printed = for_players(load_game(game))
    return sum(len(plan(one_copy(comp), Options())) for comp in printed.components)


def shown(driver) -> list:
    return [f for f in driver.find_elements(By.CSS_SELECTOR, "figure") if f.is_displayed()]


def all_loaded(driver, count: int) -> bool:
    return driver.execute_script(
        "const i = [...document.querySelectorAll('figure img')];"
        "return i.length === arguments[0] && i.every(x => x.complete && x.naturalWidth > 0);",
        count)


def picture(element) -> Image.Image:
    return Image.open(io.BytesIO(element.screenshot_as_png)).convert("RGB")


def test_the_preview_in_a_browser(game):
    count = sides_of(game)
    assert count == 25  # crew 6 x 2, the rules sheet, 3 tokens x 2, a die's 6 faces
    process, url = started(game)
    driver = browser()
    wait = WebDriverWait(driver, TIMEOUT, poll_frequency=0.05)
    try:
        driver.get(url)
        wait.until(lambda d: all_loaded(d, count))
        assert len(shown(driver)) == count

        # search by name, then by id
        search = driver.find_element(By.ID, "search")
        search.send_keys("navigator")
        assert {f.get_attribute("data-key") for f in shown(driver)} == {
            "crew/C-01/front", "crew/C-01/back"}
        search.clear()
        search.send_keys("score-")
        assert {f.get_attribute("data-id") for f in shown(driver)} == {"score-1", "score-5"}
        search.clear()
        search.send_keys(" ")  # clear() sends no input event
        wait.until(lambda d: len(shown(d)) == count)

        # the overlays: each toggle changes the pixels where it draws, and only there
        frame = driver.find_element(By.CSS_SELECTOR, 'figure[data-key="crew/C-02/front"] .frame')
        plain = picture(frame)
        width, height = plain.size
        driver.find_element(By.ID, "show-bleed").click()
        bleed = ImageChops.difference(plain, picture(frame))
        assert bleed.getpixel((3, height // 2)) != (0, 0, 0)  # the bleed band is tinted
        assert bleed.getpixel((width // 2, height // 2)) == (0, 0, 0)  # the card is not
        driver.find_element(By.ID, "show-bleed").click()
        for toggle in ("show-trim", "show-safe"):
            before = picture(frame)
            driver.find_element(By.ID, toggle).click()
            changed = ImageChops.difference(before, picture(frame)).getbbox()
            assert changed is not None, toggle
            driver.find_element(By.ID, toggle).click()
        safe = driver.find_element(By.CSS_SELECTOR, 'figure[data-key="crew/C-02/front"] .safe')
        standard = safe.rect
        driver.find_element(By.CSS_SELECTOR, '#shop option[value="tgc"]').click()
        wait.until(lambda d: d.find_element(
            By.CSS_SELECTOR, 'figure[data-key="crew/C-02/front"] .safe').rect != standard)

        # a click shows the lines that drew the piece, and its layout
        driver.find_element(By.CSS_SELECTOR, 'figure[data-key="crew/C-03/front"]').click()
        source = driver.find_element(By.ID, "source")
        wait.until(lambda d: source.is_displayed())
        assert "crew.yaml:4" in driver.find_element(By.ID, "source-title").text
        assert "name: Pilot" in driver.find_element(By.ID, "source-lines").text
        assert "layout 'crew-front'" in driver.find_element(By.ID, "layout-title").text
        assert "extends: basic-card-front" in driver.find_element(By.ID, "layout-lines").text

        # a save of a data file shows; text too long for its box is marked in red
        edit(game / "crew.yaml", "name: Pilot,", "name: Pilotess,")
        edit(game / "crew.yaml", '"Each player draws a card. You draw two."', f'"{LONG}"')
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, 'figure[data-name="Pilotess"]'))
        marked = wait.until(lambda d: d.find_elements(
            By.CSS_SELECTOR, 'figure[data-key="crew/C-04/front"] .overflow'))
        assert marked[0].size["width"] > 0 and marked[0].text.endswith("chars")
        assert marked[0].text.startswith("+") and " mm" in marked[0].text  # by how much
        assert "does not fit" in driver.find_element(
            By.CSS_SELECTOR, 'figure[data-key="crew/C-04/front"] .overflow-note').text
        wait.until(lambda d: all_loaded(d, count))

        # a broken game.yaml: its problem at file:line, the last good pieces kept
        edit(game / "game.yaml", "name: Star Patrol", "name: [Star Patrol")
        errors = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#errors li"))
        assert "game.yaml:" in errors[0].text
        line = int(errors[0].get_attribute("data-line"))
        assert f"game.yaml:{line}:" in errors[0].text and line >= 1
        assert len(shown(driver)) == count
        edit(game / "game.yaml", "name: [Star Patrol", "name: Star Patrol")
        wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#errors li"))
        assert len(shown(driver)) == count

        # a piece that cannot be drawn: its problem in its place, the others drawn
        edit(game / "layouts.yaml", 'color: "{suit_colors.{suit}}"}', 'color: '
             '"{suit_colors.{suit}}"}\n      - {type: rect, x: "10 / power", y: 2, w: 3, h: 3}')
        stop = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR,
                                                    'figure.stopped[data-id="C-06"]'))
        assert "layouts.yaml:12" in stop[0].text and "division by zero" in stop[0].text
        wait.until(lambda d: all_loaded(d, count - 2))
    finally:
        driver.quit()
        process.send_signal(signal.SIGINT)
        process.wait(TIMEOUT)
    assert process.returncode == 130
    assert "Traceback" not in process.stderr.read()

