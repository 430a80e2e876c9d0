"""The browser simulator (`make web`) in a real browser: Debian's chromium
driven by Playwright, the site served from 127.0.0.1 by a plain static file
server. A game is played to its end by clicking the on-screen buttons and
by pressing keys; the final screen, read back from the canvas, must equal
the unix simulator's for the same key script, and the record the page
downloads, scored by `marcador score`, must give the totals that screen
shows; after a reload the game is still in the browser's storage; the
console stays free of errors.

Needs chromium (/usr/bin/chromium, or MARCADOR_CHROMIUM) and the Python
package playwright (dev extras); without them this test FAILS and says
what to install. MARCADOR_SKIP_BROWSER=1 skips it on purpose."""

import functools
import http.server
import base64
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import ROOT
from marcador import sim

pytestmark = [pytest.mark.node, pytest.mark.browser]

CHROMIUM = os.environ.get("MARCADOR_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
        "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
SCRIPT = ROOT / "sim" / "scripts" / "duplicon.keys"
BUTTON = {"up": "#b-up", "down": "#b-down", "ok": "#b-ok", "back": "#b-back"}
KEY = {"up": "ArrowUp", "down": "ArrowDown", "ok": "Enter",
       "back": "Backspace"}

if os.environ.get("MARCADOR_SKIP_BROWSER"):
    pytest.skip("MARCADOR_SKIP_BROWSER is set: the browser test is skipped",
                allow_module_level=True)


def need_browser():
    # A missing browser is a failure that says what to do, not a skip.
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.fail("the browser test needs playwright: `make venv` installs "
                    "it (dev extras); or set MARCADOR_SKIP_BROWSER=1")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"the browser test needs chromium at {CHROMIUM} "
                    "(Debian: apt-get install -y chromium; or set "
                    "MARCADOR_CHROMIUM): or set MARCADOR_SKIP_BROWSER=1")


@pytest.fixture(scope="module")
def site():
    import make_site
    if not (make_site.VM_PKG / "micropython.mjs").exists():
        pytest.fail("the MicroPython VM is not installed: `make web` (npm ci "
                    "in web/) or `make test` installs it")
    out = make_site.build_site()

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def taps(text):
    # The key script as a list of single taps (this script has only taps,
    # and waits for a message to go, which the next tap ends here).
    out = []
    for line in text.splitlines():
        words = line.split("#")[0].split()
        if not words or words[0] in ("shot", "wait"):
            continue
        assert words[0] in BUTTON, line
        out += [words[0]] * (int(words[1]) if len(words) > 1 else 1)
    return out


def canvas_bits(page):
    # The panel as drawn: each OLED pixel is a 4x4 block of the canvas;
    # lit ones are bright. Returned in the unix simulator's SHOT format.
    return page.evaluate("""() => {
        const c = document.getElementById('oled');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height);
        const sx = c.width / 128, sy = c.height / 64;
        let hex = '';
        for (let y = 0; y < 64; y++)
          for (let bx = 0; bx < 16; bx++) {
            let byte = 0;
            for (let b = 0; b < 8; b++) {
              const x = bx * 8 + b;
              const o = ((Math.floor(y * sy + sy / 2) * c.width) +
                         Math.floor(x * sx + sx / 2)) * 4;
              if (d.data[o + 1] > 60) byte |= 0x80 >> b;
            }
            hex += byte.toString(16).padStart(2, '0');
          }
        return hex;
    }""")


def wait_quiet(page, ms=400):
    page.wait_for_timeout(ms)


def download(page, tmp_path, name):
    with page.expect_download() as d:
        page.click("#download")
    path = tmp_path / name
    d.value.save_as(path)
    return path


def open_page(p, site, errors):
    browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    page = browser.new_page(accept_downloads=True)
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site)
    page.wait_for_selector("body[data-ready='1']", timeout=30000)
    wait_quiet(page)
    return browser, page


def play_taps(page, keys):
    # Every other tap by a click on the on-screen button, the others by
    # the keyboard.
    for i, k in enumerate(keys):
        if i % 2:
            page.keyboard.press(KEY[k])
        else:
            page.click(BUTTON[k])
        page.wait_for_timeout(120)


def test_a_game_in_the_browser(site, tmp_path):
    need_browser()
    from playwright.sync_api import sync_playwright
    script = SCRIPT.read_text()
    states, shots = sim.run_script(script)      # the unix simulator
    expected = shots["duplicon_final"]
    errors = []
    t0 = time.time()
    with sync_playwright() as p:
        browser, page = open_page(p, site, errors)
        home = canvas_bits(page)
        assert home.strip("0"), "the home screen is blank"
        play_taps(page, taps(script))
        wait_quiet(page, 600)
        final = canvas_bits(page)
        if os.environ.get("MARCADOR_WEB_SHOT"):      # README's picture
            page.screenshot(path=os.environ["MARCADOR_WEB_SHOT"],
                            full_page=True)
        rec_path = download(page, tmp_path, "game.json")
        # BACK leaves the final screen: the game goes to the archive, and
        # the download is the newest archived game.
        page.click(BUTTON["back"])
        wait_quiet(page, 600)
        archived = download(page, tmp_path, "archived.json")
        # Reload: the flash comes back from the browser's storage.
        page.reload()
        page.wait_for_selector("body[data-ready='1']", timeout=30000)
        wait_quiet(page)
        kept = page.inner_text("#status")
        again = download(page, tmp_path, "again.json")
        browser.close()
    took = time.time() - t0
    print(f"browser test: {took:.1f} s")
    assert final == expected, "the final screen differs from the unix " \
        "simulator's for the same keys"
    score = subprocess.run([sys.executable, "-m", "marcador", "score",
                            "--json", str(rec_path)], capture_output=True,
                           text=True, cwd=ROOT)
    assert score.returncode == 0, score.stderr
    res = json.loads(score.stdout)
    last = states[-1]["session"]       # on the final screen: not archived
    assert res["game"] == "duplicon" and res["over"]
    assert [pl["total"] for pl in res["players"]] == last["totals"]
    assert res["winners"] == [p for p in range(len(last["names"]))
                              if last["winners"] >> p & 1]
    assert "guardada en este navegador" in kept, kept
    # What the device knows of when (docs/records.md): the game not yet
    # archived its start; the archived one its start and end, from its
    # header, as `marcador sync` archives them; kept over the reload.
    rec = json.loads(rec_path.read_text())
    assert t0 - 5 <= rec["started"] <= time.time() + 5 and \
        "ended" not in rec, rec
    kept_rec = json.loads(archived.read_text())
    assert kept_rec["events"] == rec["events"]
    assert kept_rec["started"] == rec["started"] <= kept_rec["ended"] <= \
        time.time() + 5, kept_rec
    assert json.loads(again.read_text()) == kept_rec
    assert errors == [], errors


def test_long_presses_and_a_reload_in_the_middle_of_a_game(site, tmp_path):
    # A card drawn and round 1 of Duplicon entered by taps; Tab then Backspace (a long
    # BACK: undo); a reload, which resumes the game from the browser's
    # storage with its note; the BACK button held down (a long press) closes
    # it. Each screen equals the unix simulator's for the same keys, on a
    # flash image that is kept across its restart.
    need_browser()
    from playwright.sync_api import sync_playwright
    text = SCRIPT.read_text()
    first = text[:text.index("shot duplicon_play")]
    img = tmp_path / "flash.img"
    _, a = sim.run_script(first + "long back\nwait 3000\nshot a\n",
                          flash=img)
    states, b = sim.run_script("wait 500\nshot b\nhold back 1300\n"
                               "wait 3000\nshot c\nstate\n", flash=img)
    errors = []
    with sync_playwright() as p:
        browser, page = open_page(p, site, errors)
        play_taps(page, taps(first))
        page.keyboard.press("Tab")
        page.keyboard.press("Backspace")
        wait_quiet(page, 3000 + 1200)
        shot_a = canvas_bits(page)
        page.reload()
        page.wait_for_selector("body[data-ready='1']", timeout=30000)
        wait_quiet(page, 500)
        shot_b = canvas_bits(page)
        button = page.locator(BUTTON["back"])
        button.hover()
        page.mouse.down()
        page.wait_for_timeout(1300)
        page.mouse.up()
        wait_quiet(page, 3000)
        shot_c = canvas_bits(page)
        rec_path = download(page, tmp_path, "game.json")
        browser.close()
    assert shot_a == a["a"], "after a long BACK by Tab + Backspace"
    assert shot_b == b["b"], "the game resumed after the reload"
    assert shot_c == b["c"], "after holding the BACK button"
    rec = json.loads(rec_path.read_text())
    # J1 drew a card (the script's first OK in play), round 1, undone.
    assert [ev["e"] for ev in rec["events"]] == ["draw", "round", "undo"]
    # A game in progress: its start, no end.
    assert rec["started"] > 1704067200 and "ended" not in rec, rec
    score = subprocess.run([sys.executable, "-m", "marcador", "score",
                            "--json", str(rec_path)], capture_output=True,
                           text=True, cwd=ROOT)
    assert score.returncode == 0, score.stderr
    totals = [pl["total"] for pl in json.loads(score.stdout)["players"]]
    assert totals == states[-1]["session"]["totals"] == [0, 0]
    assert errors == [], errors


def test_the_browsers_time_zone_dates_past_games(site):
    # The page gives the firmware the browser's offset from UTC, as
    # `marcador sync` gives a board the PC's: past games show local days.
    # Mexico City: UTC-6 all year.
    need_browser()
    from playwright.sync_api import sync_playwright
    errors = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(
            timezone_id="America/Mexico_City").new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(site)
        page.wait_for_selector("body[data-ready='1']", timeout=30000)
        saved = page.evaluate("() => localStorage.getItem('marcador-flash')")
        browser.close()
    files = json.loads(saved)
    settings = json.loads(base64.b64decode(files["/flash/settings.json"]))
    assert settings["tz_min"] == -360
    assert errors == [], errors


# ---- a damaged flash in the browser's storage (issue 23, item 9): the page
# starts, says what is damaged, keeps the rest, and lets the flash be
# downloaded as it was found before anything is erased; the firmware treats
# a damaged file as it does on a board.

@pytest.fixture(scope="module")
def kept_flash(site, tmp_path_factory):
    # A flash with one archived game (the script's Duplicon, to its end)
    # and a game in progress (a second Duplicon, one card drawn): the
    # storage's text, and the records the page downloads of each.
    need_browser()
    from playwright.sync_api import sync_playwright
    tmp = tmp_path_factory.mktemp("kept")
    script = SCRIPT.read_text()
    first = script[:script.index("shot duplicon_turn")]
    errors = []
    with sync_playwright() as p:
        browser, page = open_page(p, site, errors)
        play_taps(page, taps(script) + ["back"])
        wait_quiet(page, 600)
        archived = json.loads(download(page, tmp, "a.json").read_text())
        play_taps(page, taps(first))
        wait_quiet(page, 600)
        current = json.loads(download(page, tmp, "c.json").read_text())
        text = page.evaluate("() => localStorage.getItem('marcador-flash')")
        browser.close()
    assert errors == [], errors
    assert archived["events"] != current["events"]
    return text, archived, current


def b64(data):
    return base64.b64encode(data).decode()


def with_file(path, value):
    def change(files):
        files[path] = value
    return change


def first(path, value):
    def change(files):
        old = dict(files)
        files.clear()
        files[path] = value
        files.update(old)
    return change


def only(path, value):
    def change(files):
        files.clear()
        files[path] = value
    return change


def instead(path, other, value):
    def change(files):
        del files[path]
        files[other] = value
    return change


# (what is done to the stored flash, the name the page must give as
# damaged (None: the bytes decode, the firmware judges them), which game
# the page still downloads: "current", "archived" or None).
HOSTILE = {
    "not JSON": ("{the flash", "toda la memoria flash", None),
    "null": ("null", "toda la memoria flash", None),
    "an array": ("[1, 2]", "toda la memoria flash", None),
    "settings not base64": (with_file("/flash/settings.json", "%% not"),
                            "settings.json", "current"),
    "settings a number": (with_file("/flash/settings.json", 7),
                          "settings.json", "current"),
    "settings null": (with_file("/flash/settings.json", None),
                      "settings.json", "current"),
    "settings binary": (with_file("/flash/settings.json",
                                  b64(b"\xff\xfe{\x00")), None, "current"),
    "next not base64": (with_file("/flash/games/next", "#7#"),
                        "games/next", "current"),
    "segment not base64": (with_file("/flash/games/a0001", "~~~~"),
                           "games/a0001", "current"),
    "journal not base64": (with_file("/flash/games/cur", "a-b-c"),
                           "games/cur", "archived"),
    "outside the flash": (with_file("/etc/x", "AAAA"), "/etc/x", "current"),
    "dot dot": (with_file("/flash/../x", "AAAA"), "/flash/../x", "current"),
    "under a file": (with_file("/flash/games/cur/x", "AAAA"),
                     "games/cur/x", "current"),
    "no name": (with_file("/flash/games/", "AAAA"), "games/", "current"),
    # A file where the firmware keeps a folder, a folder where it keeps a
    # file: the firmware's to judge (the rest of the storage stays).
    "games a file": (only("/flash/games", "AAAA"), None, None),
    "settings a folder": (instead("/flash/settings.json",
                                  "/flash/settings.json/x", "AAAA"),
                          None, "current"),
    # The same clash stored before the journal: the journal still wins.
    "under a file, first": (first("/flash/games/cur/x", "AAAA"),
                            "games/cur/x", "current"),
}


# A few in the default run (a browser start each); all with -m slow.
QUICK = ("not JSON", "settings not base64", "journal not base64",
         "under a file", "settings binary")


@pytest.mark.parametrize("case", [
    c if c in QUICK else pytest.param(c, marks=pytest.mark.slow)
    for c in HOSTILE])
def test_a_damaged_flash_in_the_browser_storage(kept_flash, site, tmp_path,
                                                case):
    from playwright.sync_api import sync_playwright
    text, archived, current = kept_flash
    change, named, keeps = HOSTILE[case]
    if callable(change):
        files = json.loads(text)
        change(files)
        bad = json.dumps(files)
    else:
        bad = change
    errors = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(accept_downloads=True)
        page.on("pageerror", lambda e: errors.append(str(e)))
        # The damaged storage, put there once before the page's own code
        # runs (a reload then finds what the page left).
        page.add_init_script(
            "if (!sessionStorage.getItem('hostile')) {"
            " sessionStorage.setItem('hostile', '1');"
            " localStorage.setItem('marcador-flash', %s); }"
            % json.dumps(bad))
        page.goto(site)
        page.wait_for_selector("body[data-ready='1']", timeout=30000)
        wait_quiet(page)
        status = page.inner_text("#status")
        shot = canvas_bits(page)
        found = download_flash(page, tmp_path, "found.json")
        now = page.evaluate("() => localStorage.getItem('marcador-flash')")
        game = None
        if keeps:
            game = json.loads(download(page, tmp_path, "game.json")
                              .read_text())
        # A reload starts from what the page kept.
        page.reload()
        page.wait_for_selector("body[data-ready='1']", timeout=30000)
        wait_quiet(page)
        again = download_flash(page, tmp_path, "again.json")
        browser.close()
    assert errors == [], errors
    assert shot.strip("0"), "the screen is blank"
    # The flash as it was found, byte for byte, before anything changed
    # it; still there after the reload (until the user erases it). Bytes
    # the page can decode are the firmware's to judge, as on a board: then
    # the flash as it is now.
    assert found == (bad if named else now).encode() and again == found
    if named:
        assert "dañado" in status and named in status, status
    if keeps:
        want = current if keeps == "current" else archived
        assert game["events"] == want["events"], (case, game)


def download_flash(page, tmp_path, name):
    with page.expect_download() as d:
        page.click("#flash")
    path = tmp_path / name
    d.value.save_as(path)
    return path.read_bytes()


def test_a_hold_keeps_its_length_when_the_page_is_busy(site, tmp_path):
    # Dinos, 2 players, a natural disaster; J1's card (5) held UP and J2's
    # held DOWN, each 1.3 s while the page is too busy to run the VM (a
    # loop that blocks it, as a loaded machine can): the VM still sees
    # 1.3 s holds, which walk to 9 and to 0 and, let go on the card, move
    # on; the last one saves the round.
    need_browser()
    from playwright.sync_api import sync_playwright
    setup = ["ok", "down", "down", "down", "down", "ok", "up", "up", "ok",
             "up", "ok", "ok", "ok", "ok", "ok", "ok", "ok"]
    hold = """(key) => {
        document.dispatchEvent(new KeyboardEvent('keydown', {key}));
        const t = performance.now();
        while (performance.now() - t < 1300) {}
        document.dispatchEvent(new KeyboardEvent('keyup', {key}));
    }"""
    errors = []
    with sync_playwright() as p:
        browser, page = open_page(p, site, errors)
        for k in setup:
            page.keyboard.press(KEY[k])
            page.wait_for_timeout(120)
        for key in ("ArrowUp", "ArrowDown"):
            page.wait_for_function(
                "document.body.dataset.pending === '0'", timeout=30000)
            wait_quiet(page, 300)
            page.evaluate(hold, key)
        page.wait_for_function(
            "document.body.dataset.pending === '0'", timeout=30000)
        # Every press is played; the firmware saves the round a few steps
        # later (debounce): asked again until it is there, however slowly
        # the page runs.
        for _ in range(40):
            wait_quiet(page, 500)
            rec = json.loads(download(page, tmp_path, "game.json")
                             .read_text())
            if rec["events"]:
                break
        browser.close()
    assert rec["events"] == [{"e": "round", "disaster": "natural",
                              "cards": [9, 0]}]
    assert errors == [], errors


# ---- the page's language and status line (issue 25): Spanish by default,
# English selectable, the firmware's language with it, remembered in the
# browser's storage; the status line says what each key did.

HOME_EN = "down 2\nok\nok\nback\n"     # Settings: language, back home
EN_HOME = HOME_EN + "up 2\nshot home\n"   # its first row highlighted


def page_texts(page):
    return page.evaluate("""() => ({
        lang: document.documentElement.lang, title: document.title,
        select: document.getElementById('lang').value,
        buttons: [...document.querySelectorAll('.buttons button')]
                 .map((b) => b.textContent),
        summary: document.querySelector('summary').textContent,
        keys: document.querySelector('details table').textContent,
        status: document.getElementById('status').textContent,
        error: document.getElementById('status').className})""")


def stored_settings(page):
    files = json.loads(page.evaluate(
        "() => localStorage.getItem('marcador-flash')"))
    return json.loads(base64.b64decode(files["/flash/settings.json"]))


def test_the_page_is_spanish_and_english_is_chosen_and_remembered(site):
    need_browser()
    from playwright.sync_api import sync_playwright
    _, es = sim.run_script("shot home\n")
    _, en = sim.run_script(EN_HOME)
    errors = []
    with sync_playwright() as p:
        browser, page = open_page(p, site, errors)
        spanish = page_texts(page)
        shot_es = canvas_bits(page)
        page.select_option("#lang", "en")
        wait_quiet(page)
        english = page_texts(page)
        shot_en = canvas_bits(page)
        settings = stored_settings(page)
        page.reload()
        page.wait_for_selector("body[data-ready='1']", timeout=30000)
        wait_quiet(page)
        again = page_texts(page)
        shot_again = canvas_bits(page)
        # Back to Spanish: the page, the device and its settings.
        page.select_option("#lang", "es")
        wait_quiet(page)
        back = page_texts(page)
        shot_back = canvas_bits(page)
        settings_back = stored_settings(page)
        browser.close()
    assert spanish["lang"] == "es" and spanish["select"] == "es"
    assert spanish["title"] == \
        "Marcador: el marcador de juegos en tu navegador"
    assert spanish["buttons"] == ["ARRIBA", "ABAJO", "ATRÁS", "OK"]
    assert spanish["summary"] == "Teclas"
    assert "Intro o Flecha derecha" in spanish["keys"]
    assert spanish["status"] == "Listo: una memoria flash nueva, vacía."
    assert shot_es == es["home"]
    # English: every text of the page, the status line, and the device
    # (its home screen as the unix simulator's after Settings > Language).
    assert english["lang"] == "en" and english["select"] == "en"
    assert english["title"] == "Marcador: the score keeper in your browser"
    assert english["buttons"] == ["UP", "DOWN", "BACK", "OK"]
    assert english["summary"] == "Keys"
    assert "Enter or Arrow Right" in english["keys"]
    assert english["status"] == "Language: English, the device's too."
    assert shot_en == en["home"] and shot_en != shot_es
    assert settings["lang"] == 1
    # Remembered: the reload starts in English, page and device.
    assert again["lang"] == "en" and again["select"] == "en"
    assert again["buttons"] == ["UP", "DOWN", "BACK", "OK"]
    assert again["status"].startswith("Ready"), again
    assert shot_again == en["home"]
    assert back["buttons"] == ["ARRIBA", "ABAJO", "ATRÁS", "OK"]
    assert back["status"] == "Idioma: español, también el del aparato."
    assert shot_back == es["home"] and settings_back["lang"] == 0
    assert errors == [], errors


def test_the_page_follows_the_language_chosen_on_the_device(site):
    # Settings > Language on the device's own screen: the page follows,
    # and remembers it.
    need_browser()
    from playwright.sync_api import sync_playwright
    errors = []
    with sync_playwright() as p:
        browser, page = open_page(p, site, errors)
        play_taps(page, taps(HOME_EN))
        wait_quiet(page)
        texts = page_texts(page)
        kept = page.evaluate("() => localStorage.getItem('marcador-lang')")
        browser.close()
    assert texts["lang"] == "en" and texts["buttons"][0] == "UP"
    assert texts["status"] == "BACK: done; the flash saved in this browser."
    assert kept == "en"
    assert errors == [], errors


@pytest.mark.parametrize("stored", ["klingon", "{", "", "EN"])
def test_a_damaged_language_in_storage_is_spanish(site, stored):
    need_browser()
    from playwright.sync_api import sync_playwright
    errors = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.add_init_script("localStorage.setItem('marcador-lang', %s)"
                             % json.dumps(stored))
        page.goto(site)
        page.wait_for_selector("body[data-ready='1']", timeout=30000)
        texts = page_texts(page)
        browser.close()
    assert texts["lang"] == "es" and texts["buttons"][0] == "ARRIBA"
    assert texts["status"].startswith("Listo"), texts
    assert errors == [], errors


def test_a_storage_that_refuses_everything_still_switches_language(site):
    # The browser refuses the storage (a private mode, a full quota):
    # reading and writing the language throw; the page starts in Spanish,
    # and English still switches the page and the device.
    need_browser()
    from playwright.sync_api import sync_playwright
    _, en = sim.run_script(EN_HOME)
    errors = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.add_init_script("""{
            const get = Storage.prototype.getItem;
            const set = Storage.prototype.setItem;
            Storage.prototype.getItem = function (k) {
                if (k === 'marcador-lang') throw new DOMException('no');
                return get.call(this, k); };
            Storage.prototype.setItem = function (k, v) {
                if (k === 'marcador-lang') throw new DOMException('full');
                return set.call(this, k, v); };
        }""")
        page.goto(site)
        page.wait_for_selector("body[data-ready='1']", timeout=30000)
        wait_quiet(page)
        spanish = page_texts(page)
        page.select_option("#lang", "en")
        wait_quiet(page)
        english = page_texts(page)
        shot = canvas_bits(page)
        browser.close()
    assert spanish["lang"] == "es" and spanish["status"].startswith("Listo")
    assert english["lang"] == "en" and english["buttons"][0] == "UP"
    assert shot == en["home"]
    assert errors == [], errors


def test_the_status_line_follows_each_key_and_each_error(site):
    # Each key the firmware handles: its name, and that the flash is saved
    # in this browser, with the device's message when it shows one; when
    # the browser refuses to save, the status says so (as an error), in
    # the page's language.
    need_browser()
    from playwright.sync_api import sync_playwright
    script = SCRIPT.read_text()
    first = script[:script.index("shot duplicon_drew")]
    errors = []
    with sync_playwright() as p:
        browser, page = open_page(p, site, errors)
        play_taps(page, taps(first))
        wait_quiet(page)
        drew = page_texts(page)
        page.keyboard.press("ArrowDown")
        wait_quiet(page)
        moved = page_texts(page)
        page.evaluate("""() => {
            const set = Storage.prototype.setItem;
            Storage.prototype.setItem = function (k, v) {
                if (k === 'marcador-flash')
                    throw new DOMException('the quota is full',
                                           'QuotaExceededError');
                return set.call(this, k, v); }; }""")
        page.keyboard.press("ArrowUp")
        wait_quiet(page)
        refused = page_texts(page)
        page.select_option("#lang", "en")
        wait_quiet(page)
        refused_en = page_texts(page)
        browser.close()
    assert drew["status"] == ("OK: el aparato dice «J1 robó carta. "
                              "Deshacer: BACK largo»; guardado en este "
                              "navegador."), drew
    assert moved["status"] == ("ABAJO: hecho; la memoria flash, guardada "
                               "en este navegador."), moved
    assert refused["error"] == "error"
    assert refused["status"].startswith(
        "El almacenamiento del navegador rechazó la memoria flash: "
        "QuotaExceededError"), refused
    assert refused_en["error"] == "error"
    assert refused_en["status"].startswith(
        "The browser's storage refused the flash: QuotaExceededError")
    # The refusal is said on the console too (as an error); nothing else.
    assert [e for e in errors if "refused" not in e and
            "rechazó" not in e] == [], errors
