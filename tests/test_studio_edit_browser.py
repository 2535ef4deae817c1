"""Editing in the studio, in headless Chromium (the setup of test_studio_browser.py: skipped without the system's
chromium and chromedriver, a failure in CI): a CSV cell, an XLSX cell and a YAML field changed in the card table,
each file changed by exactly that value and the pages drawn again; undo; and a template region dragged and resized
on a card, its `box:` written into templates.yaml."""

from __future__ import annotations

import io
from pathlib import Path

from studio_server import mixed_kit, serving, wait_for
from test_studio_browser import browser, shown_tokens

__all__ = ["browser"]  # the fixture, shared with test_studio_browser.py


def open_data(driver, url: str) -> None:
    from selenium.webdriver.common.by import By

    driver.get(f"{url}/?lang=en")
    wait_for(lambda: len(shown_tokens(driver)) == 4)
    driver.find_element(By.CSS_SELECTOR, '#tabs button[data-tab="data"]').click()
    wait_for(lambda: len(driver.find_elements(By.CSS_SELECTOR, "table.data")) == 3)


def selector(deck: str, card: str, column: str) -> str:
    return f'table[data-deck="{deck}"] tr[data-card="{card}"] td[data-column="{column}"]'


def type_into(driver, deck: str, card: str, column: str, value: str) -> None:
    """Click the cell, type over its text, press Enter: what a designer does (the table may be drawn again
    between two steps, after a rebuild: each step finds its element again)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    def opened():
        try:
            driver.find_element(By.CSS_SELECTOR, selector(deck, card, column)).click()
            return driver.find_elements(By.CSS_SELECTOR, "td.editing textarea")
        except StaleElementReferenceException:
            return None

    box = wait_for(opened)[0]
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(value, Keys.ENTER)


def shows(driver, deck: str, card: str, column: str, value: str) -> bool:
    """The table shows the value, written (not waiting on the studio, not being typed)."""
    found = driver.execute_script(
        "const c = document.querySelector(arguments[0]); return c && [c.textContent, c.className];",
        selector(deck, card, column),
    )
    return bool(found) and found[0] == value and found[1] == "cell"


def workbook_state(path: Path) -> dict:
    """Every cell's value and style (font, fill, number format, alignment) of more.xlsx, by coordinate."""
    from openpyxl import load_workbook

    sheet = load_workbook(io.BytesIO(path.read_bytes()))["Cards"]
    return {
        c.coordinate: (c.value, c.font.b, c.fill.fgColor.rgb, c.number_format, c.alignment.horizontal)
        for row in sheet.iter_rows()
        for c in row
    }


def test_cells_of_a_csv_an_xlsx_and_a_yaml_edited_in_the_table_and_undone(tmp_path: Path, browser) -> None:
    from selenium.webdriver.common.by import By

    kit = mixed_kit(tmp_path)
    cards, more, moons = kit / "cards.csv", kit / "more.xlsx", kit / "moons.yaml"
    csv_before, yaml_before, xlsx_before = cards.read_bytes(), moons.read_bytes(), workbook_state(more)
    with serving(kit, "--lang", "en") as url:
        open_data(browser, url)
        pages_before = shown_tokens(browser)

        # a CSV cell: the file differs by that field alone, and the table and the pages show it
        type_into(browser, "weather", "sunny", "title", "Sunny, then clear")
        wait_for(lambda: cards.read_bytes() != csv_before)
        assert cards.read_bytes() == csv_before.replace(b",Sunny,", b',"Sunny, then clear",', 1)
        wait_for(lambda: shows(browser, "weather", "sunny", "title", "Sunny, then clear"))

        # an XLSX cell: that cell's value changes; every other value and every style stays
        type_into(browser, "stars", "star-cloudy", "title", "Cloud bank")
        wait_for(lambda: workbook_state(more) != xlsx_before)
        after = workbook_state(more)
        changed = {ref for ref in after.keys() | xlsx_before.keys() if after.get(ref) != xlsx_before.get(ref)}
        assert changed == {"H3"} and after["H3"] == ("Cloud bank", *xlsx_before["H3"][1:])
        wait_for(lambda: shows(browser, "stars", "star-cloudy", "title", "Cloud bank"))

        # a YAML field: one line of moons.yaml changes, its comments and quotes stay; 'no' stays text
        type_into(browser, "moons", "new-moon", "title", "no")
        wait_for(lambda: moons.read_bytes() != yaml_before)
        assert moons.read_bytes() == yaml_before.replace(b"en: 'New moon'", b"en: 'no'")
        wait_for(lambda: shows(browser, "moons", "new-moon", "title", "no"))
        assert browser.find_element(By.CSS_SELECTOR, "#edit-status").text.startswith("Written: new-moon")

        # undo: the YAML file as it was, byte for byte, and the table with it
        undo = browser.find_element(By.ID, "undo")
        assert undo.is_enabled()
        undo.click()
        wait_for(lambda: moons.read_bytes() == yaml_before)
        wait_for(lambda: shows(browser, "moons", "new-moon", "title", "New moon"))
        undo.click()
        wait_for(lambda: workbook_state(more) == xlsx_before)
        assert cards.read_bytes() != csv_before  # one write undone at a time: the CSV edit is still there

        # the pages were drawn again with the new title
        browser.find_element(By.CSS_SELECTOR, '#tabs button[data-tab="pages"]').click()
        wait_for(lambda: (shown := shown_tokens(browser)) and shown[0] != pages_before[0])
        assert browser.find_elements(By.CSS_SELECTOR, "#findings li.none")  # and the kit is still clean


def test_a_region_dragged_and_resized_on_a_card_writes_its_box(tmp_path: Path, browser) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    kit = mixed_kit(tmp_path)
    templates = kit / "templates.yaml"
    before = templates.read_text(encoding="utf-8")
    old_line = next(line for line in before.splitlines() if "{name: steps," in line)
    assert "box: [4mm, 3.5mm, 10mm, 10mm]" in old_line
    with serving(kit, "--lang", "en") as url:
        open_data(browser, url)
        browser.find_element(By.CSS_SELECTOR, 'tr[data-card="sunny"] button[data-action="layout"]').click()
        region = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, '.region[data-region="steps"]'))[0]
        frame = browser.find_element(By.CSS_SELECTOR, ".card-frame")
        mm_per_px = 63.0 / frame.rect["width"]

        # moved 40 px right and 20 px down: x and y change, rounded to 0.5 mm; width and height stay as written
        ActionChains(browser).click_and_hold(region).move_by_offset(20, 10).move_by_offset(20, 10).release().perform()
        x, y = round((4 + 40 * mm_per_px) * 2) / 2, round((3.5 + 20 * mm_per_px) * 2) / 2
        moved = old_line.replace("box: [4mm, 3.5mm,", f"box: [{x:g}mm, {y:g}mm,")
        wait_for(lambda: templates.read_text(encoding="utf-8") == before.replace(old_line, moved))
        wait_for(
            lambda: f"[{x:g}mm, {y:g}mm, 10mm, 10mm]" in browser.find_element(By.CSS_SELECTOR, ".region-list").text
        )

        # resized by its corner: 30 px wider and higher
        handle = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, '.region[data-region="steps"] .handle'))[0]
        ActionChains(browser).click_and_hold(handle).move_by_offset(15, 15).move_by_offset(15, 15).release().perform()
        size = round((10 + 30 * mm_per_px) * 2) / 2
        resized = moved.replace("10mm, 10mm]", f"{size:g}mm, {size:g}mm]")
        wait_for(lambda: templates.read_text(encoding="utf-8") == before.replace(old_line, resized))

        # undo puts the last box back
        browser.find_element(By.ID, "undo").click()
        wait_for(lambda: templates.read_text(encoding="utf-8") == before.replace(old_line, moved))
