"""`pnpkit serve` in a real browser: headless Chromium driven by Selenium through the system's chromedriver.

The studio opens on a kit `pnpkit new` wrote; the test sees the pages, clicks a finding and sees its card
outlined, edits a CSV cell on disk and sees the page change, breaks the kit and sees the finding beside the last
good pages, then fixes it. Nothing is downloaded: the browser and its driver are the system's (apt's `chromium`
and `chromium-driver`); without them the test is skipped, except in CI, where it fails.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
from studio_server import LONG_TEXT, edit, new_kit, serving, wait_for

PWNED = "pwned"
"""The title a kit's script would set, if it ran."""

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


def _browser(downloads: Path | None = None, *extra: str):
    if not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)):
        if os.environ.get("CI"):
            pytest.fail(f"CI needs chromium and chromedriver ({CHROMIUM}, {CHROMEDRIVER}); .ci/run installs them")
        pytest.skip("chromium and chromedriver are not installed (apt-get install chromium chromium-driver)")
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,900", *extra):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the console: CSP refusals show there
    if downloads is not None:
        options.add_experimental_option("prefs", {"download.default_directory": str(downloads)})
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)  # no Selenium Manager


@pytest.fixture
def browser(tmp_path: Path):
    driver = _browser(tmp_path / "downloads")
    try:
        yield driver
    finally:
        driver.quit()


def shown_tokens(browser) -> list[str]:
    """The tokens of the page pictures the browser has finished loading."""
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('#pages-view img.page'))"
        ".filter(i => i.complete && i.naturalWidth > 0).map(i => i.dataset.token)"
    )


def test_the_studio_live_in_a_browser(tmp_path: Path, browser) -> None:
    from selenium.webdriver.common.by import By

    kit = new_kit(tmp_path)
    edit(kit / "cards.csv", "Take shelter: draw **2 cards**.", LONG_TEXT)
    with serving(kit, "--lang", "en") as url:
        browser.get(f"{url}/?lang=en")
        first = wait_for(lambda: len(shown_tokens(browser)) == 4 and shown_tokens(browser))  # the deck's four pages
        assert browser.find_element(By.CSS_SELECTOR, "#langs button.on").text == "EN"

        # a finding: click it, and its card is outlined on the page it prints on
        finding = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, '#findings li[data-code="PK309"]'))[0]
        link = finding.find_element(By.CSS_SELECTOR, "a.where")
        assert link.text.startswith("cards.csv:5:")
        assert link.get_attribute("href").startswith(f"vscode://file{(kit / 'cards.csv').resolve().as_posix()}:5:")
        finding.click()
        outline = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, ".sheet .outline:not(.more)"))[0]
        sheet = outline.find_element(By.XPATH, "..")
        assert sheet.get_attribute("data-page") == "3"  # downpour prints on the second fronts page (page 2 is backs)
        assert outline.is_displayed() and outline.size["width"] > 100

        # fix the text and change a title in the CSV on disk: the first page is redrawn, the finding goes
        edit(kit / "cards.csv", LONG_TEXT, "Take shelter.")
        edit(kit / "cards.csv", ",Sunny,", ",Sunshine,")
        wait_for(lambda: shown_tokens(browser)[:1] not in ([], first[:1]))
        wait_for(lambda: not browser.find_elements(By.CSS_SELECTOR, "#findings li.finding"))
        assert "live" in browser.find_element(By.ID, "status").get_attribute("class")

        # break the kit: the finding shows, the last good pages stay, marked stale
        good = wait_for(lambda: len(shown_tokens(browser)) == 4 and shown_tokens(browser))
        edit(kit / "decks.yaml", "template: weather-card", "template: [weather-card")
        broken = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#findings li.finding.error"))[0]
        assert "decks.yaml:" in broken.text
        assert "broken" in browser.find_element(By.ID, "status").get_attribute("class")
        assert browser.find_element(By.ID, "banner").is_displayed()
        assert shown_tokens(browser) == good

        # fix it again
        edit(kit / "decks.yaml", "template: [weather-card", "template: weather-card")
        wait_for(lambda: not browser.find_elements(By.CSS_SELECTOR, "#findings li.finding"))
        assert not browser.find_element(By.ID, "banner").is_displayed()

        # the gallery: a deck's cards, searched by their text; a card opens its page with it outlined
        browser.find_element(By.CSS_SELECTOR, '#tabs button[data-tab="gallery"]').click()
        wait_for(lambda: len(browser.find_elements(By.CSS_SELECTOR, "#gallery .card")) == 5)
        browser.find_element(By.ID, "search").send_keys("Sunshine")
        cards = wait_for(lambda: (c := browser.find_elements(By.CSS_SELECTOR, "#gallery .card")) and len(c) == 1 and c)
        cards[0].click()
        wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, ".sheet .outline"))

        # the other language, switched in the page
        browser.find_element(By.CSS_SELECTOR, '#langs button[data-lang="ja"]').click()
        wait_for(lambda: browser.find_element(By.TAG_NAME, "body").get_attribute("data-lang") == "ja")
        wait_for(lambda: len(shown_tokens(browser)) == 4)

        # everything the page loaded came from the studio itself
        loaded = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        assert loaded and all(name.startswith(f"{url}/") for name in loaded), loaded


def csp_refusals(browser) -> list[str]:
    return [entry["message"] for entry in browser.get_log("browser") if "Content Security Policy" in entry["message"]]


def test_the_studio_works_under_its_policy_and_kit_files_cannot_run(tmp_path: Path, browser) -> None:
    """The strict CSP breaks nothing in the studio; a finding met in the other edition switches to it; a kit's HTML,
    SVG or text opened from the studio's origin runs no script."""
    from selenium.webdriver.common.by import By

    kit = new_kit(tmp_path)
    script = f"<script>document.title = '{PWNED}'</script>"
    (kit / "manual.html").write_text(f"<!doctype html><title>manual</title>{script}", encoding="utf-8")
    (kit / "logo.svg").write_text(f'<svg xmlns="http://www.w3.org/2000/svg">{script}</svg>', encoding="utf-8")
    (kit / "notes.txt").write_text(script, encoding="utf-8")
    edit(
        kit / "templates.yaml",
        "{name: title, kind: text, box: [16mm, 4mm,",
        "{name: title, kind: text, box: [16mm, 8mm,",  # the title crosses the foot of its band
    )
    with serving(kit, "--lang", "ja") as url:
        browser.get(f"{url}/?lang=ja")
        wait_for(lambda: len(shown_tokens(browser)) == 4)
        assert browser.find_element(By.TAG_NAME, "body").get_attribute("data-lang") == "ja"

        # an English finding, clicked on the Japanese pages: the English edition, its card outlined
        english = wait_for(
            lambda: [
                li
                for li in browser.find_elements(By.CSS_SELECTOR, '#findings li[data-code="PK368"]')
                if "'Sunny'" in li.text
            ]
        )[0]
        assert "title.en" in english.find_element(By.CSS_SELECTOR, "a.where").text
        english.click()
        wait_for(lambda: browser.find_element(By.TAG_NAME, "body").get_attribute("data-lang") == "en")
        outline = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, ".sheet .outline:not(.more)"))[0]
        assert outline.is_displayed()
        assert "?lang=en" in browser.current_url
        wait_for(lambda: len(shown_tokens(browser)) == 4)
        assert csp_refusals(browser) == []
        browser.execute_script("const probe = new Image(); probe.src = 'http://192.0.2.1/probe.png';")
        assert wait_for(lambda: csp_refusals(browser))  # the console does report what the policy refuses

        # the kit's files: a download or plain text, never a page that runs
        for name in ("manual.html", "logo.svg", "notes.txt"):
            browser.get(f"{url}/kit/{name}")
            time.sleep(0.5)
            assert browser.title != PWNED, name
            assert browser.execute_script("return document.title") != PWNED, name
        assert PWNED in browser.find_element(By.TAG_NAME, "body").text  # notes.txt: the script shown as text


def test_beyond_loopback_the_token_opens_the_studio_once(tmp_path: Path) -> None:
    """`--host 0.0.0.0`, reached by a name of the network (studio.test, mapped to this machine in the browser): the
    printed address with its token opens the studio, which keeps working from its cookie; the token leaves the
    address bar, and without it the studio says 401."""
    from selenium.webdriver.common.by import By

    kit = new_kit(tmp_path)
    with serving(kit, "--host", "0.0.0.0", "--allow-host", "studio.test") as url:
        port = url.rsplit(":", 1)[1]
        driver = _browser(None, "--host-resolver-rules=MAP studio.test 127.0.0.1")
        try:
            driver.get(f"http://studio.test:{port}/?lang=en&token={url.token}")
            wait_for(lambda: len(shown_tokens(driver)) == 4)
            assert "token" not in driver.current_url and "lang=en" in driver.current_url
            driver.get(f"http://studio.test:{port}/?lang=ja")  # the cookie, not the address, carries it now
            wait_for(lambda: driver.find_element(By.TAG_NAME, "body").get_attribute("data-lang") == "ja")
            wait_for(lambda: len(shown_tokens(driver)) == 4)
            driver.delete_all_cookies()
            driver.get(f"http://studio.test:{port}/api/state")
            assert "needs its token" in driver.find_element(By.TAG_NAME, "body").text
        finally:
            driver.quit()
