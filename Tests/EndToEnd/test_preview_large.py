"""`formc preview` of a large form in a real browser (Debian's Chromium, headless,
through Debian's chromedriver): the page draws its first 300 fields at once and is
interactive, then draws the rest in later tasks. Once it says it is ready, the page
is the one a form drawn in one go would be, and it behaves as one.

- Every element is drawn, in the form's order; a run of top-level rows that the
  first part ends in stays one untitled section; Validate stays last.
- Conditions hold across the parts: a field drawn later starts hidden or disabled
  as its condition says, and follows a field of the first part.
- A field drawn later is checked, its error tied to its input; `sameAs` across the
  parts re-checks the later field.
"""

import subprocess
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from formc_e2e import formc_binary, headless_chromium

ROOT = Path(__file__).resolve().parents[2]
FORMC = str(Path(formc_binary()).resolve())

# 1 + 14 groups of 20 fields = 281 fields, then 30 top-level rows: the first part
# (300 fields) ends inside that run of rows; 10 more groups and the late group follow.
EARLY_GROUPS, ROW_RUN, LATE_GROUPS, GROUP_SIZE = 14, 30, 10, 20


def large_form() -> str:
    lines = ["formc: 1", "form: LargeForm", "elements:", "  - boolean: master", "    title: Show the late fields"]

    def group(name):
        lines.extend([f"  - group: {name}", f"    title: Group {name}", "    elements:"])
        for index in range(GROUP_SIZE):
            lines.extend([f"      - textField: {name}x{index}", "        rules: [required]"])

    for number in range(EARLY_GROUPS):
        group(f"early{number}")
    for number in range(ROW_RUN):
        lines.append(f"  - textField: row{number}")
    for number in range(LATE_GROUPS):
        group(f"late{number}")
    lines.extend([
        "  - group: last",
        "    title: The last group",
        "    elements:",
        "      - textField: lateShown",
        "        visibleWhen: master",
        "        rules: [required]",
        "      - textField: lateEnabled",
        "        enabledWhen: master",
        "      - textField: lateCopy",
        "        rules: [{ sameAs: early0x0 }]",
    ])
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    out = tmp_path_factory.mktemp("preview-large")
    (out / "large.form.yaml").write_text(large_form(), encoding="utf-8")
    result = subprocess.run([FORMC, "preview", str(out / "large.form.yaml"), "-o", str(out / "large.html")],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return out / "large.html"


@pytest.fixture(scope="module")
def driver():
    browser = headless_chromium()
    yield browser
    browser.quit()


def open_ready(driver, page):
    driver.get("about:blank")
    driver.get(page.as_uri())
    assert driver.execute_script("return document.documentElement.dataset.interactiveMs") is not None
    WebDriverWait(driver, 60).until(lambda d: d.execute_script("return document.documentElement.dataset.ready") == "true")
    # Both stamps are milliseconds since navigation; the whole form is drawn after its first part.
    stamps = driver.execute_script("const d = document.documentElement.dataset; return [d.interactiveMs, d.readyMs]")
    assert int(stamps[1]) >= int(stamps[0]) >= 0


def row(driver, field):
    return driver.find_element(By.CSS_SELECTOR, f'[data-id="{field}"]')


def type_into(driver, field, value):
    element = row(driver, field).find_element(By.CSS_SELECTOR, "input")
    driver.execute_script(
        "arguments[0].focus(); arguments[0].value = arguments[1];"
        "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));",
        element, value,
    )


def expected_ids():
    def group(name):
        return [name] + [f"{name}x{index}" for index in range(GROUP_SIZE)]

    ids = ["master"]
    for number in range(EARLY_GROUPS):
        ids += group(f"early{number}")
    ids += [f"row{number}" for number in range(ROW_RUN)]
    for number in range(LATE_GROUPS):
        ids += group(f"late{number}")
    return ids + ["last", "lateShown", "lateEnabled", "lateCopy"]


def test_every_element_is_drawn_in_order(driver, page):
    open_ready(driver, page)
    drawn = driver.execute_script("return [...document.querySelectorAll('main [data-id]')].map((e) => e.dataset.id)")
    assert drawn == expected_ids()
    sections = driver.execute_script(
        "return new Set([...document.querySelectorAll('[data-id^=row]')].map((e) => e.closest('section'))).size")
    assert sections == 1
    assert driver.execute_script("return document.querySelector('main').lastElementChild.className") == "actions"
    assert len(driver.find_elements(By.CSS_SELECTOR, "main input")) == len(expected_ids()) - EARLY_GROUPS - LATE_GROUPS - 1


def test_conditions_hold_across_the_parts(driver, page):
    open_ready(driver, page)
    assert not row(driver, "lateShown").is_displayed()
    assert not row(driver, "lateEnabled").find_element(By.CSS_SELECTOR, "input").is_enabled()
    row(driver, "master").find_element(By.CSS_SELECTOR, "input").click()
    assert row(driver, "lateShown").is_displayed()
    assert row(driver, "lateEnabled").find_element(By.CSS_SELECTOR, "input").is_enabled()


def test_a_late_field_is_checked_and_its_error_tied_to_its_input(driver, page):
    open_ready(driver, page)
    type_into(driver, "early0x0", "a")
    type_into(driver, "lateCopy", "b")
    driver.find_element(By.ID, "formc-validate").click()
    copy = driver.find_element(By.ID, "formc-lateCopy")
    assert row(driver, "lateCopy").get_attribute("data-state") == "invalid"
    assert copy.get_attribute("aria-invalid") == "true"
    message = driver.find_element(By.ID, copy.get_attribute("aria-describedby").split()[0])
    assert message.get_attribute("textContent") != ""
    # A change of the target re-checks the field that compares with it.
    type_into(driver, "early0x0", "b")
    assert row(driver, "lateCopy").get_attribute("data-state") == "valid"
    assert [e for e in driver.get_log("browser") if e["level"] == "SEVERE"] == []
