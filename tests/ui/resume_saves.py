"""Start the app on each save file in a folder, as a fresh start would (the save in its
game's slot, on_start resumes it or goes home), in the real window, one process. A
save must never stop the app: prints, as JSON, the screen each start ended on and
what the home screen said. Run by the installed wheel's Python (tests/test_wheel.py),
so it imports nothing from the checkout:

    python tests/ui/resume_saves.py FOLDER"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")


def frames(count: int = 3) -> None:
    """Run frames; what fails in one goes to Kivy's exception manager, as in the app's
    own main loop, and is raised only if nothing handles it."""
    from kivy.base import EventLoop, ExceptionManager

    for _ in range(count):
        try:
            EventLoop.idle()
        except Exception as error:
            if ExceptionManager.handle_exception(error) == ExceptionManager.RAISE:
                raise


def main(folder: Path) -> int:
    from companion.app.main import DossierApp
    from companion.controller import GameController
    from companion.games import GAMES
    from companion.store import Store

    work = Path(tempfile.mkdtemp(prefix="dossier-resume-"))
    app = DossierApp(data_dir=str(work / "first"))
    app._run_prepare()
    frames()
    ended = {}
    for path in sorted(folder.glob("*.json")):
        game_id = next(g for g in GAMES if path.name.startswith(g + "-"))
        data = work / path.stem
        (data / game_id).mkdir(parents=True)
        shutil.copyfile(path, data / game_id / "current.json")
        app.controller = GameController(Store(data))
        app.notice = ""
        app.on_start()
        frames()
        screen = app.root.current
        app.go("home")
        frames()
        ended[path.name] = {"screen": screen, "notice": app.root.get_screen("home").notice}
    app.stop()
    shutil.rmtree(work, ignore_errors=True)
    print(json.dumps(ended))
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
