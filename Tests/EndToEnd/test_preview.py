"""`formc preview` (SPEC §13) in a real browser: Debian's Chromium, headless, driven
by Selenium through Debian's chromedriver (found on PATH, never downloaded).

- The behaviour scenarios of Tests/Scenarios/behaviour.json reach every expectation
  on the page, as they do against the generated Swift (GeneratedFormTests).
- Every element kind is drawn; every input has a label; an error is tied to its
  input (aria-describedby, aria-invalid); rules the page cannot run are hints.
- No request leaves the page (no resource entries; the CSP blocks one tried on
  purpose); no console errors; light and dark colour schemes.
- Hostile strings in a form show as text: nothing injected runs or becomes markup.
- `--png` writes a light and a dark screenshot, and says so when there is no Chromium.
"""

import json
import os
from decimal import Decimal
import re
import struct
import subprocess
import zlib
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select
from formc_e2e import formc_binary, headless_chromium

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "preview-fixtures"
SCENARIOS = json.loads((ROOT / "Tests" / "Scenarios" / "behaviour.json").read_text(encoding="utf-8"))["scenarios"]
SCHEMAS = sorted((ROOT / "schemas").glob("*.form.*"))
# Also run against the generated Swift (Tests/GeneratedFormTests/HiddenOuterFormTests.swift).
HIDDEN_OUTER = ROOT / "Tests" / "GeneratedFormTests" / "Forms" / "lists" / "hidden-outer.form.yaml"
HIDDEN_LIST = ROOT / "Tests" / "GeneratedFormTests" / "Forms" / "lists" / "hidden-list.form.yaml"
ENTRY_RECHECK = ROOT / "Tests" / "GeneratedFormTests" / "Forms" / "lists" / "entry-recheck.form.yaml"
PAGED_RECHECK = ROOT / "Tests" / "GeneratedFormTests" / "Forms" / "lists" / "paged-recheck.form.yaml"


FORMC = str(Path(formc_binary()).resolve())


def preview(inputs, output, *extra, env=None):
    return subprocess.run(
        [FORMC, "preview", *map(str, inputs), "-o", str(output), *extra],
        cwd=ROOT, capture_output=True, text=True, env=env,
    )


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """Every page the tests open: the scenario forms, the schemas, the fixtures."""
    out = tmp_path_factory.mktemp("preview")
    inputs = list(dict.fromkeys(ROOT / s["form"] for s in SCENARIOS)) + SCHEMAS + sorted(FIXTURES.glob("*.form.yaml"))
    inputs += [HIDDEN_OUTER, HIDDEN_LIST, ENTRY_RECHECK, PAGED_RECHECK]
    result = preview(inputs, str(out) + "/")
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def driver():
    browser = headless_chromium()
    yield browser
    browser.quit()


def open_page(driver, path: Path, fragment: str = ""):
    driver.get_log("browser")  # drop what earlier pages logged
    # Through a blank page: the same page with another fragment would not load again
    # (a fragment navigation), and the script reads the fragment's clock once.
    driver.get("about:blank")
    driver.get(path.as_uri() + fragment)
    assert driver.execute_script("return document.documentElement.dataset.ready") == "true", "the script did not run"


def page_name(form: str) -> str:
    name = Path(form).name
    for suffix in (".form.yaml", ".form.yml", ".form.json"):
        if name.endswith(suffix):
            return name[: -len(suffix)] + ".html"
    raise AssertionError(form)


def page_data(path: Path) -> dict:
    html = path.read_text(encoding="utf-8")
    match = re.search(r'<script type="application/json" id="formc-data">(.*?)</script>', html, re.S)
    return json.loads(match.group(1))


def severe_logs(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


# ---- The behaviour scenarios.

def row(driver, field):
    return driver.find_element(By.CSS_SELECTOR, f'[data-id="{field}"]')


def controls(element):
    return element.find_elements(By.CSS_SELECTOR, "input, textarea, select, button")


def scenario_fragment(scenario) -> str:
    """The page's clock for a scenario with `now` and `timeZone`, as the Swift run's ValidationContext."""
    if "now" not in scenario:
        return ""
    return f"#now={scenario['now']}&zone={scenario['timeZone']}"


def type_into(driver, element, value):
    """As a paste or a picker's pick: the value, then the events a user's edit fires."""
    driver.execute_script(
        "arguments[0].focus();"
        "arguments[0].value = arguments[1];"
        "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));"
        "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));",
        element, value,
    )


def set_number(driver, element, value):
    style = element.find_element(By.CSS_SELECTOR, ".control").get_attribute("class")
    if "stepper" in style:
        target = Decimal(value)
        for _ in range(100):
            shown = element.find_element(By.CSS_SELECTOR, "output").get_attribute("data-value")
            if shown and Decimal(shown) == target:
                return
            direction = "1" if not shown or Decimal(shown) < target else "-1"
            element.find_element(By.CSS_SELECTOR, f'button[data-step="{direction}"]').click()
        raise AssertionError(f"the stepper does not reach {value}")
    text = element.find_element(By.CSS_SELECTOR, "input")
    assert text.get_property("value") != (value or ""), "already has this value"
    type_into(driver, text, value or "")


def set_choices(element, values):
    toggles = element.find_elements(By.CSS_SELECTOR, "[data-value]")
    assert [t.get_attribute("data-value") for t in toggles if is_on(t)] != values, "already has this value"
    for toggle in toggles:
        if is_on(toggle) != (toggle.get_attribute("data-value") in values):
            toggle.click()


def is_on(toggle):
    if toggle.tag_name == "button":
        return toggle.get_attribute("aria-pressed") == "true"
    return toggle.is_selected()


def set_value(driver, field, value):
    element = row(driver, field)
    kind = element.get_attribute("data-kind")
    if kind == "number":
        set_number(driver, element, value)
    elif kind == "date":
        date = element.find_element(By.CSS_SELECTOR, "input")
        type_into(driver, date, value or "")
    elif kind == "picker":
        select = Select(element.find_element(By.CSS_SELECTOR, "select"))
        assert select.first_selected_option.get_attribute("value") != (value or ""), f"{field} already has this value"
        select.select_by_value(value or "")
    elif kind == "multiChoice":
        set_choices(element, value)
    elif kind == "boolean":
        switch = element.find_element(By.CSS_SELECTOR, "input[role=switch]")
        assert switch.is_selected() != value, f"{field} already has this value"
        switch.click()
    elif kind == "segment":
        option = next(b for b in controls(element) if b.get_attribute("data-value") == value)
        assert option.get_attribute("aria-checked") != "true", f"{field} already has this value"
        option.click()
    else:
        text = element.find_element(By.CSS_SELECTOR, "input, textarea")
        assert text.get_property("value") != value, f"{field} already has this value"
        text.click()
        # As a paste: any string, emoji and combining marks included.
        driver.execute_script(
            "arguments[0].value = arguments[1];"
            "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));",
            text, value,
        )


def blur(driver, field):
    driver.execute_script("arguments[0].focus(); arguments[0].blur();", controls(row(driver, field))[0])


def element_for(driver, key):
    if key.startswith("text:"):
        texts = driver.find_elements(By.CSS_SELECTOR, '[data-kind="staticText"]')
        matches = [t for t in texts if t.get_attribute("textContent") == key[5:]]
        assert len(matches) == 1, key
        return matches[0]
    return row(driver, key)


def state_of(driver, field):
    state = row(driver, field).get_attribute("data-state")
    if state == "invalid":
        message = driver.find_element(By.ID, f"formc-{field}-message").get_attribute("textContent")
        return "invalid: " + message
    return state


def is_enabled(driver, key):
    element = element_for(driver, key)
    if element.get_attribute("data-kind") == "segue":
        return element.is_enabled()
    return all(control.is_enabled() for control in controls(element))


def check(driver, expectation, where):
    for field, expected in expectation.get("states", {}).items():
        assert state_of(driver, field) == expected, f"{where}: state of {field}"
    for key, expected in expectation.get("visible", {}).items():
        assert element_for(driver, key).is_displayed() == expected, f"{where}: visibility of {key}"
    for key, expected in expectation.get("enabled", {}).items():
        assert is_enabled(driver, key) == expected, f"{where}: enablement of {key}"


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_scenario_in_the_browser(driver, pages, scenario):
    open_page(driver, pages / page_name(scenario["form"]), scenario_fragment(scenario))
    for number, step in enumerate(scenario["steps"]):
        where = f"{scenario['name']}, step {number}"
        if "set" in step:
            set_value(driver, step["set"], step["to"])
        elif "blur" in step:
            blur(driver, step["blur"])
        elif "validate" in step:
            driver.find_element(By.ID, "formc-validate").click()
        elif "expect" in step:
            check(driver, step["expect"], where)
        else:
            raise AssertionError(f"{where}: unknown step {step}")
    assert severe_logs(driver) == []


def test_a_wrong_expectation_fails_in_the_browser(driver, pages):
    open_page(driver, pages / "triggers.html")
    set_value(driver, "onChange", "a")
    with pytest.raises(AssertionError):
        check(driver, {"states": {"onChange": "valid"}}, "wrong")


def test_the_scenarios_cover_every_rule_trigger_and_operator(pages):
    rules, triggers, operators, group_conditions, relations = set(), set(), set(), set(), set()

    def walk_condition(condition):
        operators.add(condition["op"])
        for child in condition.get("operands", []) + ([condition["operand"]] if "operand" in condition else []):
            walk_condition(child)

    def walk(elements):
        for element in elements:
            for rule in element.get("rules", []):
                rules.add((rule["rule"], element["kind"]))
                if "when" in rule:
                    walk_condition(rule["when"])
                    relations.add("when")
                if "field" in rule:
                    relations.add(rule["rule"] + " field")
            if "trigger" in element:
                triggers.add(element["trigger"])
            for key in ("visibleWhen", "enabledWhen"):
                if key in element:
                    walk_condition(element[key])
                    if element["kind"] == "group":
                        group_conditions.add(key)
            walk(element.get("elements", []))

    for scenario in SCENARIOS:
        walk(page_data(pages / page_name(scenario["form"]))["elements"])
    names = {name for name, _ in rules}
    assert names == {"required", "minLength", "maxLength", "pattern", "email", "url", "sameAs", "min", "max", "minCount", "maxCount"}
    kinds = ("textField", "floatLabel", "textView", "boolean", "segment", "number", "date", "picker", "multiChoice")
    assert {("required", kind) for kind in kinds} - rules <= {("required", "floatLabel")}
    assert {("min", "number"), ("max", "number"), ("min", "date"), ("max", "date"), ("minCount", "multiChoice"), ("maxCount", "multiChoice")} <= rules
    assert ("sameAs", "boolean") in rules and ("sameAs", "textField") in rules
    assert triggers == {"change", "blur", "blurAfterChange", "changeAfterBlur", "submit"}
    assert operators >= {"boolField", "isEmpty", "textEquals", "segmentEquals", "not", "and", "or", "fieldCompare"}
    assert relations >= {"when", "min field"}
    assert group_conditions == {"visibleWhen", "enabledWhen"}


# ---- Drawing, labels, errors.

KINDS = ["group", "boolean", "segment", "textField", "floatLabel", "textView", "spacer", "staticText", "segue"]


def test_every_kind_is_drawn(driver, pages):
    open_page(driver, pages / "kinds.html")
    for kind in KINDS:
        assert driver.find_elements(By.CSS_SELECTOR, f'[data-kind="{kind}"]'), kind
    assert driver.find_element(By.CSS_SELECTOR, '[data-id="wifi"] input[role=switch]').is_selected()
    options = driver.find_elements(By.CSS_SELECTOR, '[data-id="size"] [role=radiogroup] button[role=radio]')
    assert [o.text for o in options] == ["Small", "size.large"]
    assert driver.find_element(By.CSS_SELECTOR, '[data-id="password"] input').get_attribute("type") == "password"
    assert driver.find_element(By.CSS_SELECTOR, '[data-id="password"] input').get_attribute("autocomplete") == "new-password"
    assert driver.find_element(By.CSS_SELECTOR, '[data-id="notes"] textarea')
    assert driver.find_element(By.CSS_SELECTOR, '[data-id="story"] textarea').get_attribute("placeholder") == "Your story"
    grouped = driver.find_element(By.CSS_SELECTOR, '[data-id="grouped"]')
    assert "grouped" in grouped.get_attribute("class").split()
    assert grouped.find_element(By.CSS_SELECTOR, ".group-title").text == "GROUPED SECTION"  # uppercased by CSS
    assert grouped.find_element(By.CSS_SELECTOR, ".group-footer").text == "The footer of a grouped section."
    assert driver.find_element(By.CSS_SELECTOR, '[data-id="grouped"] [data-id="inner"] [data-id="postcode"]')
    plain = driver.find_element(By.CSS_SELECTOR, '[data-id="plainGroup"]')
    assert "plain" in plain.get_attribute("class").split()
    assert plain.find_element(By.CSS_SELECTOR, ".rows").value_of_css_property("padding") == "4px 16px 12px 8px"
    assert plain.find_element(By.CSS_SELECTOR, ".segue").value_of_css_property("min-height") == "60px"
    spacer = driver.find_element(By.CSS_SELECTOR, '[data-kind="spacer"]')
    assert spacer.value_of_css_property("height") == "32px"
    styles = {t.get_attribute("textContent"): t.get_attribute("class") for t in driver.find_elements(By.CSS_SELECTOR, '[data-kind="staticText"]')}
    assert "style-headline" in styles["A headline"] and "style-body" in styles["Body text"]
    assert "style-footnote" in styles["A footnote"] and "align-center" in styles["A footnote"]
    assert "style-caption" in styles["A caption"] and "align-trailing" in styles["A caption"]
    segue = driver.find_element(By.CSS_SELECTOR, '[data-id="openSettings"]')
    assert segue.find_element(By.CSS_SELECTOR, ".chevron") and segue.text.startswith("G")  # icon, then title
    segue.click()
    assert driver.find_element(By.ID, "formc-status").text == "Segue: openSettings"
    assert severe_logs(driver) == []


def test_the_field_kinds_of_spec_10_are_drawn(driver, pages):
    """number (field, stepper, slider), date (date, time, dateTime), picker, multiChoice
    (chips, checklist): each its own control, nothing left as a line it cannot draw."""
    open_page(driver, pages / "booking.html")
    assert "cannot draw" not in driver.find_element(By.TAG_NAME, "main").get_attribute("textContent")
    guests = row(driver, "guests")
    assert guests.find_element(By.CSS_SELECTOR, "output").text == "2"
    assert [b.get_attribute("aria-label") for b in guests.find_elements(By.CSS_SELECTOR, "button")] == ["Decrease Guests", "Increase Guests"]
    budget = driver.find_element(By.ID, "formc-budget")
    assert (budget.get_attribute("type"), budget.get_attribute("inputmode"), budget.get_attribute("placeholder")) == ("text", "decimal", "Budget")
    assert row(driver, "budget").find_element(By.CSS_SELECTOR, ".unit").text == "EUR"
    assert driver.find_element(By.CSS_SELECTOR, 'label[for="formc-budget"]').get_attribute("textContent") == "Budget per person (EUR)"
    assert driver.find_element(By.ID, "formc-birthday").get_attribute("type") == "date"
    arrival = driver.find_element(By.ID, "formc-arrival")
    assert (arrival.get_attribute("type"), arrival.get_property("value")) == ("time", "19:30")
    seating = Select(driver.find_element(By.ID, "formc-seating"))
    assert [(o.get_attribute("value"), o.text) for o in seating.options] == [("", "None"), ("inside", "Inside"), ("terrace", "Terrace"), ("bar", "At the bar")]
    assert seating.first_selected_option.get_attribute("value") == ""
    chips = row(driver, "diet").find_elements(By.CSS_SELECTOR, "button.chip")
    assert [(c.text, c.get_attribute("aria-pressed")) for c in chips] == [(v, "false") for v in ("vegetarian", "vegan", "gluten-free", "lactose-free")]
    assert driver.find_element(By.ID, "formc-reminderAt").get_attribute("type") == "datetime-local"
    set_value(driver, "diet", ["vegan", "vegetarian"])
    assert [c.get_attribute("aria-pressed") for c in chips] == ["true", "true", "false", "false"]
    assert row(driver, "allergyNotes").is_displayed()
    set_value(driver, "guests", "12")
    driver.find_element(By.CSS_SELECTOR, '[data-id="guests"] button[data-step="1"]').click()
    assert guests.find_element(By.CSS_SELECTOR, "output").text == "12"  # the stepper stops at max
    set_value(driver, "budget", "9.995")
    driver.find_element(By.ID, "formc-validate").click()
    assert state_of(driver, "budget") == "valid"  # rounded half away from zero to 10.00, exactly
    set_value(driver, "budget", "abc")
    driver.find_element(By.ID, "formc-validate").click()
    assert state_of(driver, "budget") == "valid"  # no number is empty, and the field is optional

    open_page(driver, pages / "fieldkinds.html")
    volume = driver.find_element(By.ID, "formc-volume")
    assert [volume.get_attribute(a) for a in ("type", "min", "max", "step")] == ["range", "0", "10", "0.5"]
    checks = row(driver, "toppings").find_elements(By.CSS_SELECTOR, "input[type=checkbox]")
    assert [driver.find_element(By.CSS_SELECTOR, f'label[for="{c.get_attribute("id")}"]').text for c in checks] == ["cheese", "ham", "olives", "pineapple"]
    color = Select(driver.find_element(By.ID, "formc-color"))
    assert [o.get_attribute("value") for o in color.options] == ["red", "blue"]  # a default: no "None"
    set_value(driver, "age", "abc")
    driver.find_element(By.ID, "formc-validate").click()
    assert state_of(driver, "age") == "invalid: Age is required"
    assert severe_logs(driver) == []


@pytest.mark.parametrize("zone, shown", [("Asia/Tokyo", "2026-03-10T21:00"), ("America/New_York", "2026-03-10T08:00")])
def test_an_instant_is_shown_in_the_page_zone(driver, pages, zone, shown):
    open_page(driver, pages / "fieldkinds.html", f"#dark&now=2026-03-16T02:30:00Z&zone={zone}")
    assert driver.execute_script("return document.documentElement.dataset.timeZone") == zone
    assert driver.execute_script("return document.documentElement.dataset.colorScheme") == "dark"
    assert driver.find_element(By.ID, "formc-deadline").get_property("value") == shown


def test_today_follows_the_page_clock(driver, pages):
    """The same instant is 2026-03-16 in UTC and 2026-03-15 in New York: `min: today` differs."""
    for zone, expected in (("UTC", "invalid: Start must be on or after today"), ("America/New_York", "valid")):
        open_page(driver, pages / "fieldkinds.html", f"#now=2026-03-16T02:30:00Z&zone={zone}")
        set_value(driver, "start", "2026-03-15")
        driver.find_element(By.ID, "formc-validate").click()
        assert state_of(driver, "start") == expected, zone


def test_date_inputs_are_bounded_by_their_rules(driver, pages):
    """Each date input's min and max: the field's first min and max rules, on the page's clock and zone (2026-03-15 in New York)."""
    open_page(driver, pages / "fieldkinds.html", "#now=2026-03-16T02:30:00Z&zone=America/New_York")
    bounds = {}
    for field in ("birthday", "start", "fixedDay", "alarm", "meeting", "deadline"):
        element = driver.find_element(By.ID, f"formc-{field}")
        bounds[field] = (element.get_dom_attribute("min"), element.get_dom_attribute("max"))
    assert bounds == {
        "birthday": (None, "2008-03-15"),
        "start": ("2026-03-15", "2026-04-15"),
        "fixedDay": ("2026-01-31", "2026-12-31"),
        "alarm": ("06:00", "09:00"),
        "meeting": ("2026-03-15T00:00", "2026-03-22T23:59"),
        "deadline": (None, "2026-03-20T12:00"),
    }
    assert severe_logs(driver) == []


@pytest.mark.parametrize("page", ["kinds.html", "rules.html", "signup.html", "settings.html", "payment.html", "feedback.html", "hostile.html", "booking.html", "fieldkinds.html", "intake.html"])
def test_every_input_has_a_label_and_its_messages(driver, pages, page):
    open_page(driver, pages / page)
    inputs = driver.find_elements(By.CSS_SELECTOR, "main input, main textarea")
    assert inputs
    for element in inputs:
        labels = driver.find_elements(By.CSS_SELECTOR, f'label[for="{element.get_attribute("id")}"]')
        assert len(labels) == 1 and labels[0].get_attribute("textContent").strip(), element.get_attribute("id")
    for group in driver.find_elements(By.CSS_SELECTOR, "[role=radiogroup]"):
        label = driver.find_element(By.ID, group.get_attribute("aria-labelledby"))
        assert label.get_attribute("textContent").strip()
        for option in group.find_elements(By.CSS_SELECTOR, "[role=radio]"):
            assert option.get_attribute("textContent").strip()
    for select in driver.find_elements(By.CSS_SELECTOR, "main select"):
        labels = driver.find_elements(By.CSS_SELECTOR, f'label[for="{select.get_attribute("id")}"]')
        assert len(labels) == 1 and labels[0].get_attribute("textContent").strip()
    for group in driver.find_elements(By.CSS_SELECTOR, "main [role=group]"):
        assert driver.find_element(By.ID, group.get_attribute("aria-labelledby")).get_attribute("textContent").strip()
    for button in driver.find_elements(By.CSS_SELECTOR, "main .field button"):
        assert (button.get_attribute("aria-label") or button.get_attribute("textContent")).strip()
    for element in driver.find_elements(By.CSS_SELECTOR, "main input, main textarea, main select, main .field button"):
        described = element.get_attribute("aria-describedby").split()
        assert described
        for identifier in described:
            assert driver.find_elements(By.ID, identifier), identifier
        assert element.get_attribute("aria-invalid") == "false"


def test_an_error_is_tied_to_its_input(driver, pages):
    open_page(driver, pages / "rules.html")
    driver.find_element(By.ID, "formc-validate").click()
    name = driver.find_element(By.ID, "formc-fullName")
    assert name.get_attribute("aria-invalid") == "true"
    message_id = name.get_attribute("aria-describedby").split()[0]
    assert driver.find_element(By.ID, message_id).text == "Full name is required"
    for option in driver.find_elements(By.CSS_SELECTOR, '[data-id="plan"] [role=radio]'):
        assert option.get_attribute("aria-invalid") == "true"
        assert driver.find_element(By.ID, option.get_attribute("aria-describedby").split()[0]).text == "Plan is required"
    assert driver.find_element(By.ID, "formc-email").get_attribute("aria-invalid") == "false"
    assert driver.find_element(By.ID, "formc-summary").text == "4 fields need attention."
    set_value(driver, "fullName", "Ada")
    driver.find_element(By.ID, "formc-validate").click()
    assert name.get_attribute("aria-invalid") == "false"
    assert driver.find_element(By.ID, message_id).text == ""


def test_rules_the_page_cannot_run_are_hints(driver, pages):
    open_page(driver, pages / "kinds.html")
    hints = driver.find_element(By.ID, "formc-postcode-hint").text
    assert "\\d{5} is not checked in this preview" in hints
    assert "validator postcodeExists" in hints
    set_value(driver, "postcode", "abc")
    driver.find_element(By.ID, "formc-validate").click()
    assert state_of(driver, "postcode") == "valid"
    # A whitelisted pattern runs, unless a character of the value is several scalars.
    undecided = "This preview cannot check this value against the pattern."
    set_value(driver, "code", "ABC")
    driver.find_element(By.ID, "formc-validate").click()
    assert state_of(driver, "code") == "invalid: Code is not in the expected format"
    set_value(driver, "code", "e\u0301")
    driver.find_element(By.ID, "formc-validate").click()
    assert state_of(driver, "code") == "valid"
    assert undecided in driver.find_element(By.ID, "formc-code-hint").text
    set_value(driver, "code", "abc")
    driver.find_element(By.ID, "formc-validate").click()
    assert state_of(driver, "code") == "valid"
    assert undecided not in driver.find_element(By.ID, "formc-code-hint").text


@pytest.mark.parametrize("scheme, background", [("light", "rgba(242, 242, 247, 1)"), ("dark", "rgba(0, 0, 0, 1)")])
def test_light_and_dark(driver, pages, scheme, background):
    open_page(driver, pages / "kinds.html", "#" + scheme)
    assert driver.execute_script("return document.documentElement.dataset.colorScheme") == scheme
    assert driver.find_element(By.TAG_NAME, "body").value_of_css_property("background-color") == background


# ---- Nothing leaves the page; nothing injected runs.

def test_no_request_leaves_the_page(driver, pages):
    for page in ["kinds.html", "signup.html", "hostile.html", "index.html"]:
        driver.get((pages / page).as_uri())
        policy = driver.find_element(By.CSS_SELECTOR, 'meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
        assert "default-src 'none'" in policy
        if page != "index.html":
            driver.find_element(By.ID, "formc-validate").click()
        assert driver.execute_script("return performance.getEntriesByType('resource').length") == 0, page
        assert severe_logs(driver) == [], page
    # The policy is enforced: a request tried on purpose is refused.
    driver.get((pages / "kinds.html").as_uri())
    blocked = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        document.addEventListener('securitypolicyviolation', (event) => done(event.blockedURI));
        const image = document.createElement('img');
        image.src = 'http://127.0.0.1:9/x.png';
        document.body.append(image);
    """)
    assert blocked.startswith("http://127.0.0.1:9")


def test_hostile_strings_stay_text(driver, pages):
    open_page(driver, pages / "hostile.html")
    data = page_data(pages / "hostile.html")
    assert driver.execute_script("return window.pwned") is None
    assert driver.title == data["title"]
    assert driver.find_element(By.CSS_SELECTOR, "h1").get_attribute("textContent") == data["title"]
    assert driver.find_elements(By.CSS_SELECTOR, "main img, main svg, main iframe, main a, main b") == []
    assert len(driver.find_elements(By.TAG_NAME, "script")) == 2
    text, group, segment, shown, agree, segue = data["elements"]
    assert element_for(driver, "text:" + text["text"]).get_attribute("textContent") == text["text"]
    section = row(driver, "section")
    assert section.find_element(By.CSS_SELECTOR, ".group-title").get_attribute("textContent") == group["title"]
    assert section.find_element(By.CSS_SELECTOR, ".group-footer").get_attribute("textContent") == group["footer"]
    quoted = group["elements"][0]
    assert driver.find_element(By.CSS_SELECTOR, 'label[for="formc-quoted"]').get_attribute("textContent") == quoted["label"]
    field = driver.find_element(By.ID, "formc-quoted")
    assert field.get_attribute("placeholder") == quoted["placeholder"]
    assert field.get_property("value") == quoted["default"]
    separators = group["elements"][1]
    assert driver.find_element(By.CSS_SELECTOR, 'label[for="formc-separators"]').get_attribute("textContent") == separators["label"]
    options = controls(row(driver, "choice"))
    assert [o.get_attribute("textContent") for o in options] == [o["title"] for o in segment["options"]]
    assert [o.get_attribute("data-value") for o in options] == [o["value"] for o in segment["options"]]
    assert row(driver, "shown").is_displayed()  # choice == '</script>' holds
    set_value(driver, "choice", "<!--x1")
    assert not row(driver, "shown").is_displayed()
    assert row(driver, "openLink").get_attribute("textContent") == segue["title"]
    set_value(driver, "quoted", "x")
    driver.find_element(By.ID, "formc-validate").click()
    assert state_of(driver, "quoted") == "invalid: " + quoted["rules"][1]["message"]
    row(driver, "choice").find_element(By.CSS_SELECTOR, "button").click()
    assert driver.execute_script("return window.pwned") is None
    assert severe_logs(driver) == []


# ---- The index and the screenshots.

def test_the_index_links_every_page(driver, pages):
    driver.get((pages / "index.html").as_uri())
    links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "li a")]
    assert len(links) == len({s["form"] for s in SCENARIOS}) + len(SCHEMAS) + len(list(FIXTURES.glob("*.form.yaml"))) + 4  # HIDDEN_OUTER, HIDDEN_LIST, ENTRY_RECHECK, PAGED_RECHECK
    assert (pages / "signup.html").as_uri() in links
    assert severe_logs(driver) == []


def first_pixel(png: bytes):
    """The width, height and top-left RGB of an 8-bit RGB or RGBA PNG."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    offset, idat, header = 8, b"", None
    while offset < len(png):
        length, kind = struct.unpack(">I4s", png[offset:offset + 8])
        body = png[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    width, height, depth, colour = header[:4]
    assert depth == 8 and colour in (2, 6)
    raw = zlib.decompress(idat)
    # The first row's filter only looks left (Sub, Average, Paeth) or at a zero row (Up).
    return width, height, tuple(raw[1:4])


@pytest.mark.parametrize("name", ["signup", "booking"])
def test_png_writes_light_and_dark_screenshots(tmp_path, name):
    result = preview([ROOT / "schemas" / f"{name}.form.yaml"], tmp_path / f"{name}.html", "--png")
    assert result.returncode == 0, result.stderr
    light = first_pixel((tmp_path / f"{name}.png").read_bytes())
    dark = first_pixel((tmp_path / f"{name}-dark.png").read_bytes())
    assert light == (430, 1400, (242, 242, 247))
    assert dark == (430, 1400, (0, 0, 0))


def test_png_without_chromium_says_so_and_writes_nothing(tmp_path):
    empty = tmp_path / "bin"
    empty.mkdir()
    result = preview([ROOT / "schemas" / "signup.form.yaml"], tmp_path / "out/", "--png", env={"PATH": str(empty)})
    assert result.returncode == 1
    assert "chromium" in result.stderr and "apt-get install chromium" in result.stderr
    assert not (tmp_path / "out").exists()


PATTERNS = json.loads((ROOT / "Tests" / "Scenarios" / "patterns.json").read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", PATTERNS, ids=[c["pattern"] for c in PATTERNS])
def test_translated_patterns_match_as_swift_does(driver, pages, case):
    """The page matches a translated pattern as `^(?:…)$` with the `u` flag; Swift's
    answers are in the file (checked by PreviewPatternCasesTests)."""
    open_page(driver, pages / "kinds.html")
    results = driver.execute_script(
        "const pattern = new RegExp('^(?:' + arguments[0] + ')$', 'u');"
        "return arguments[1].map((value) => pattern.test(value));",
        case["javaScript"], list(case["matches"]),
    )
    assert dict(zip(case["matches"], results)) == case["matches"]


# ---- Pages (SPEC §15.1): one page at a time, Back, Next and Submit.

def test_pages_are_shown_one_at_a_time(driver, pages):
    open_page(driver, pages / "intake.html")
    back, forward, submit = (driver.find_element(By.ID, name) for name in ("formc-back", "formc-next", "formc-submit"))
    summary = driver.find_element(By.ID, "formc-summary")

    def shown():
        displayed = [p.get_attribute("data-page") for p in driver.find_elements(By.CSS_SELECTOR, "section.page") if p.is_displayed()]
        assert displayed == [driver.execute_script("return document.documentElement.dataset.page")]
        return displayed[0]

    def buttons():
        return [b.get_attribute("id")[len("formc-"):] for b in (back, forward, submit) if b.is_displayed()]

    assert shown() == "personal" and buttons() == ["next"]
    assert not driver.find_elements(By.ID, "formc-validate")
    assert driver.find_element(By.ID, "formc-page-personal-title").text == "About you"

    # Next on an empty page stays on it and shows its errors, and only its.
    forward.click()
    assert shown() == "personal"
    assert state_of(driver, "fullName") == "invalid: Full name is required"
    assert summary.text == "4 fields need attention."
    assert row(driver, "consent").get_attribute("data-state") == "idle"

    set_value(driver, "fullName", "Ada Lovelace")
    set_value(driver, "birthDate", "1990-12-10")
    set_value(driver, "email", "ada@example.com")
    set_value(driver, "visitReason", "checkup")
    forward.click()
    # A check-up skips the symptoms page; the last visible page has Submit.
    assert shown() == "history" and buttons() == ["back", "submit"]
    assert summary.text == ""

    back.click()
    assert shown() == "personal" and buttons() == ["next"]
    set_value(driver, "visitReason", "illness")
    forward.click()
    assert shown() == "symptoms" and buttons() == ["back", "next"]
    forward.click()
    assert shown() == "symptoms"
    assert state_of(driver, "symptomDays") == "invalid: Days since it started is required"
    set_choices(row(driver, "symptomList"), ["pain"])
    set_number(driver, row(driver, "painLevel"), "4")
    set_number(driver, row(driver, "symptomDays"), "2")
    forward.click()
    assert shown() == "history" and buttons() == ["back", "submit"]

    # Submit validates every page: consent is still missing.
    submit.click()
    assert state_of(driver, "consent") == "invalid: Please agree to the processing of your health data"
    assert driver.find_element(By.ID, "formc-status").text == ""
    set_value(driver, "consent", True)
    submit.click()
    assert summary.text == "Every field is valid."
    assert driver.find_element(By.ID, "formc-status").text == "Every field is valid: the form would be submitted."
    assert severe_logs(driver) == []


def test_a_pages_questions_follow_answers_on_other_pages(driver, pages):
    open_page(driver, pages / "intake.html")
    set_value(driver, "fullName", "Ada")
    set_value(driver, "birthDate", "1990-12-10")
    set_value(driver, "email", "ada@example.com")
    set_value(driver, "visitReason", "injury")
    driver.find_element(By.ID, "formc-next").click()
    assert driver.execute_script("return document.documentElement.dataset.page") == "symptoms"
    # The pain level is asked only once pain is ticked, on the same page.
    assert not row(driver, "painLevel").is_displayed()
    set_choices(row(driver, "symptomList"), ["pain"])
    assert row(driver, "painLevel").is_displayed()
    set_number(driver, row(driver, "symptomDays"), "1")
    driver.find_element(By.ID, "formc-next").click()
    # Next validated the visible pain level.
    assert driver.execute_script("return document.documentElement.dataset.page") == "symptoms"
    assert state_of(driver, "painLevel") == "invalid: Pain from 0 to 10 is required"
    set_number(driver, row(driver, "painLevel"), "3")
    driver.find_element(By.ID, "formc-next").click()
    assert driver.execute_script("return document.documentElement.dataset.page") == "history"
    assert not row(driver, "pregnancyWeeks").is_displayed()
    set_value(driver, "mayBePregnant", True)
    assert row(driver, "pregnancyWeeks").is_displayed()
    # Back on the first page, a check-up hides the symptoms page: Back from the last page skips it.
    driver.find_element(By.ID, "formc-back").click()
    driver.find_element(By.ID, "formc-back").click()
    set_value(driver, "visitReason", "checkup")
    driver.find_element(By.ID, "formc-next").click()
    assert driver.execute_script("return document.documentElement.dataset.page") == "history"
    driver.find_element(By.ID, "formc-back").click()
    assert driver.execute_script("return document.documentElement.dataset.page") == "personal"


# ---- Lists (SPEC §14).

def entries(driver, list_id):
    return driver.find_elements(By.CSS_SELECTOR, f'[data-id="{list_id}"] .entry')


def test_the_keyboard_stays_where_the_person_is(driver, pages):
    """Adding, removing and changing pages move focus to what took the place of
    what had it, never to the page's body: a disabled add button, a removed
    entry and a hidden Next lose it otherwise."""
    def focused():
        return driver.execute_script(
            "const e = document.activeElement; return e.id || e.className || e.tagName;")

    open_page(driver, pages / "jobapplication.html")
    add = driver.find_element(By.ID, "formc-references-add")
    for count in range(1, 4):
        add.send_keys(Keys.ENTER)
        # In the new entry: its first field.
        assert focused() == f"formc-references-{count - 1}-name"
    assert not add.is_enabled()
    # Removing the second of three: the entry that took its place has focus, and then the one before.
    remove = entries(driver, "references")[1].find_element(By.CSS_SELECTOR, ".list-remove")
    remove.send_keys(Keys.ENTER)
    assert driver.switch_to.active_element.get_attribute("class") == "entry-title"
    assert driver.switch_to.active_element.text == "REFERENCE 2"
    entries(driver, "references")[1].find_element(By.CSS_SELECTOR, ".list-remove").send_keys(Keys.ENTER)
    assert driver.switch_to.active_element.text == "REFERENCE 1"
    entries(driver, "references")[0].find_element(By.CSS_SELECTOR, ".list-remove").send_keys(Keys.ENTER)
    assert focused() == "formc-references-add"

    # A new entry whose first field is hidden: its first Tab stop, the segment's chosen option.
    open_page(driver, pages / "focus.html")
    driver.find_element(By.ID, "formc-notes-add").send_keys(Keys.ENTER)
    assert driver.switch_to.active_element.get_attribute("data-value") == "b"

    open_page(driver, pages / "intake.html")
    set_value(driver, "fullName", "Ada")
    set_value(driver, "birthDate", "1990-12-10")
    set_value(driver, "email", "ada@example.com")
    set_value(driver, "visitReason", "checkup")
    driver.find_element(By.ID, "formc-next").send_keys(Keys.ENTER)
    # Next is hidden on the last page: focus is on the new page's title.
    assert focused() == "formc-page-history-title"
    driver.find_element(By.ID, "formc-back").send_keys(Keys.ENTER)
    assert focused() == "formc-page-personal-title"
    assert severe_logs(driver) == []


def test_a_refused_next_submit_or_validate_goes_to_what_to_mend(driver, pages):
    """WCAG 3.3.1: the keyboard and a screen reader land on the first invalid field
    in document order, not on the button that was refused."""
    def focused():
        return driver.execute_script("return document.activeElement.id")

    open_page(driver, pages / "intake.html")
    driver.find_element(By.ID, "formc-next").send_keys(Keys.ENTER)
    assert focused() == "formc-fullName"
    set_value(driver, "fullName", "Ada Lovelace")
    driver.find_element(By.ID, "formc-next").send_keys(Keys.ENTER)
    assert focused() == "formc-birthDate"

    # Submit on the last page shows the first page to mend, and its field to mend.
    open_page(driver, pages / "pagedlist.html")
    set_value(driver, "contact", "ada@example.com")
    driver.find_element(By.ID, "formc-next").click()
    set_value(driver, "destination", "Lisbon")
    type_into(driver, driver.find_element(By.ID, "formc-contact"), "not an email")
    driver.find_element(By.ID, "formc-submit").send_keys(Keys.ENTER)
    assert driver.execute_script("return document.documentElement.dataset.page") == "people"
    assert focused() == "formc-contact"

    # A disabled field has no control to go to: the next field to mend has.
    open_page(driver, pages / "disabled.html")
    driver.find_element(By.ID, "formc-validate").send_keys(Keys.ENTER)
    assert state_of(driver, "locked").startswith("invalid")
    assert focused() == "formc-name"

    # A form without pages: Validate; the field is before the list's entry in the document.
    open_page(driver, pages / "jobapplication.html")
    driver.find_element(By.ID, "formc-validate").send_keys(Keys.ENTER)
    first_invalid = driver.execute_script(
        "return document.querySelector('[aria-invalid=true]').id")
    assert focused() == first_invalid and first_invalid != "formc-validate"
    assert severe_logs(driver) == []


def test_headings_entries_and_controls_say_where_they_are(driver, pages):
    """What a screen reader reads: headings one level under what holds them, each
    entry a group named by its heading, required fields, a stepper's bounds and
    value, a focus ring on text, and the preview's own English words marked so."""
    def headings():
        return driver.execute_script(
            "return [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]"
            ".map((e) => e.tagName + ' ' + e.textContent)")

    open_page(driver, pages / "intake.html")
    assert headings()[:3] == ["H1 Patient intake", "H2 About you", "H2 Symptoms"]
    # A page's group is a level under the page's title.
    assert "H3 Pregnancy" in headings()
    assert driver.find_element(By.ID, "formc-fullName").get_attribute("aria-required") == "true"
    # One chosen option of a multiChoice is enough: its boxes are not each required.
    assert [box.get_attribute("aria-required") for box in row(driver, "symptomList").find_elements(By.CSS_SELECTOR, "input")] \
        == [None] * 4

    # A `required` rule with a `when` is told while its condition holds.
    open_page(driver, pages / "checkout.html")
    phone = driver.find_element(By.ID, "formc-phone")
    assert phone.get_attribute("aria-required") is None
    set_value(driver, "contactBy", "phone")
    assert phone.get_attribute("aria-required") == "true"
    set_value(driver, "contactBy", "email")
    assert phone.get_attribute("aria-required") is None

    open_page(driver, pages / "jobapplication.html")
    entry = entries(driver, "employers")[0]
    assert entry.get_attribute("role") == "group"
    heading = driver.find_element(By.ID, entry.get_attribute("aria-labelledby"))
    assert (heading.tag_name, heading.get_attribute("textContent")) == ("h3", "Employer 1")
    assert driver.find_element(By.ID, "formc-validate").get_attribute("lang") == "en"

    # Without an itemTitle or addTitle, the buttons name the list.
    open_page(driver, pages / "edits.html")
    add = driver.find_element(By.ID, "formc-pets-add")
    assert add.get_attribute("aria-label") == "Add an entry to Pets"
    add.send_keys(Keys.ENTER)
    assert entries(driver, "pets")[0].find_element(By.CSS_SELECTOR, ".list-remove").get_attribute("aria-label") \
        == "Remove Entry 1 from Pets"

    # The stepper's − is unavailable at the lower bound, and keeps the focus there.
    open_page(driver, pages / "booking.html")
    minus, plus = row(driver, "guests").find_elements(By.CSS_SELECTOR, ".step")
    assert [minus.get_attribute("aria-disabled"), plus.get_attribute("aria-disabled")] == ["false", "false"]
    minus.send_keys(Keys.ENTER)
    assert [minus.get_attribute("aria-disabled"), plus.get_attribute("aria-disabled")] == ["true", "false"]
    assert driver.switch_to.active_element == minus
    assert minus.get_attribute("aria-describedby").split()[0] == "formc-guests"

    # A text input shows the focus ring (its own outline is none).
    open_page(driver, pages / "signup.html")
    email = driver.find_element(By.ID, "formc-email")
    email.click()
    assert driver.execute_script("return getComputedStyle(document.activeElement).outlineStyle") == "solid"
    assert severe_logs(driver) == []


def test_a_segment_is_a_radio_group_for_the_keyboard(driver, pages):
    """One Tab stop, the chosen option; the arrow keys move the choice (WAI-ARIA radio group)."""
    open_page(driver, pages / "signup.html")
    group = driver.find_element(By.ID, "formc-plan")
    free, pro = group.find_elements(By.CSS_SELECTOR, "[role=radio]")
    assert [free.get_attribute("tabindex"), pro.get_attribute("tabindex")] == ["0", "-1"]
    free.send_keys(Keys.ARROW_RIGHT)
    assert driver.switch_to.active_element == pro
    assert [free.get_attribute("aria-checked"), pro.get_attribute("aria-checked")] == ["false", "true"]
    assert [free.get_attribute("tabindex"), pro.get_attribute("tabindex")] == ["-1", "0"]
    # Pro shows the company field (its condition): the choice is the field's value.
    assert row(driver, "company").is_displayed()
    pro.send_keys(Keys.ARROW_RIGHT)  # round to the first
    assert driver.switch_to.active_element == free and free.get_attribute("aria-checked") == "true"
    free.send_keys(Keys.END)
    assert pro.get_attribute("aria-checked") == "true"
    assert severe_logs(driver) == []


def test_next_checks_the_entries_of_a_list_on_the_page(driver, pages):
    open_page(driver, pages / "intake.html")
    set_value(driver, "fullName", "Ada")
    set_value(driver, "birthDate", "1990-12-10")
    set_value(driver, "email", "ada@example.com")
    set_value(driver, "visitReason", "checkup")
    driver.find_element(By.ID, "formc-next").click()
    assert driver.execute_script("return document.documentElement.dataset.page") == "history"
    assert not row(driver, "medications").is_displayed()
    set_value(driver, "takesMedication", True)
    driver.find_element(By.ID, "formc-medications-add").click()
    set_value(driver, "consent", True)
    driver.find_element(By.ID, "formc-submit").click()
    # The new entry's name is required: Submit reports it, and the entry shows it.
    assert driver.find_element(By.ID, "formc-summary").text == "1 field needs attention."
    name = driver.find_element(By.CSS_SELECTOR, '[data-id="medications"] [data-kind="textField"] input[placeholder="Name"]')
    assert name.get_attribute("aria-invalid") == "true"
    type_into(driver, name, "Ibuprofen")
    driver.find_element(By.ID, "formc-submit").click()
    assert driver.find_element(By.ID, "formc-status").text == "Every field is valid: the form would be submitted."
    assert severe_logs(driver) == []


def test_next_stays_while_an_entry_on_the_page_is_invalid(driver, pages):
    # The list is on the first of two pages: Next checks its entries before moving on.
    open_page(driver, pages / "pagedlist.html")

    def shown():
        return driver.execute_script("return document.documentElement.dataset.page")

    forward = driver.find_element(By.ID, "formc-next")
    set_value(driver, "contact", "ada@example.com")
    driver.find_element(By.ID, "formc-travellers-add").click()
    name = driver.find_element(By.CSS_SELECTOR, '[data-id="travellers"] [data-kind="textField"] input[placeholder="Name"]')
    assert name.get_attribute("aria-invalid") != "true"
    forward.click()
    # The new entry's name is required: Next stays on the page, and the entry shows why.
    assert shown() == "people"
    assert name.get_attribute("aria-invalid") == "true"
    assert driver.find_element(By.ID, "formc-summary").text == "1 field needs attention."
    assert row(driver, "destination").get_attribute("data-state") == "idle"
    type_into(driver, name, "Ada")
    forward.click()
    assert shown() == "trip"
    assert driver.find_element(By.ID, "formc-summary").text == ""
    # Back and Next again: the fixed entry still passes.
    driver.find_element(By.ID, "formc-back").click()
    assert shown() == "people"
    forward.click()
    assert shown() == "trip"
    assert severe_logs(driver) == []


def test_a_list_draws_its_entries_with_add_and_remove(driver, pages):
    open_page(driver, pages / "jobapplication.html")
    employers = driver.find_element(By.CSS_SELECTOR, '[data-id="employers"]')
    assert employers.get_attribute("data-kind") == "list"
    assert employers.find_element(By.CSS_SELECTOR, ".group-title").text == "PREVIOUS EMPLOYERS"
    # minItems 1: one entry to start with, which cannot be removed.
    assert [e.find_element(By.CSS_SELECTOR, ".entry-title").text for e in entries(driver, "employers")] == ["EMPLOYER 1"]
    remove = entries(driver, "employers")[0].find_element(By.CSS_SELECTOR, ".list-remove")
    assert not remove.is_enabled()
    add = driver.find_element(By.ID, "formc-employers-add")
    assert add.text == "Add another employer"
    for _ in range(6):
        if add.is_enabled():
            add.click()
    # maxItems 5: adding stops there.
    assert len(entries(driver, "employers")) == 5
    assert not add.is_enabled()
    assert entries(driver, "employers")[0].find_element(By.CSS_SELECTOR, ".list-remove").is_enabled()
    # Each entry's fields have ids of their own, and labels.
    companies = driver.find_elements(By.CSS_SELECTOR, '[data-id="employers"] [data-kind="textField"] input[placeholder="Company"]')
    assert len({c.get_attribute("id") for c in companies}) == 5
    # An entry's field without a label is named by its display name, as the form's are, not by its id.
    assert [driver.find_element(By.CSS_SELECTOR, 'label[for="%s"]' % c.get_attribute("id")).get_attribute("textContent")
            for c in companies] == ["Company"] * 5
    entries(driver, "employers")[1].find_element(By.CSS_SELECTOR, ".list-remove").click()
    assert [e.find_element(By.CSS_SELECTOR, ".entry-title").text for e in entries(driver, "employers")] == [
        "EMPLOYER 1", "EMPLOYER 2", "EMPLOYER 3", "EMPLOYER 4"]
    assert add.is_enabled()
    # references: no entry at first, and none required.
    assert entries(driver, "references") == []
    assert severe_logs(driver) == []


def test_each_entry_has_its_own_conditions_and_rules(driver, pages):
    open_page(driver, pages / "jobapplication.html")
    driver.find_element(By.ID, "formc-employers-add").click()
    first, _ = entries(driver, "employers")
    # Checking `current` in the first entry hides that entry's end date only.
    first.find_element(By.CSS_SELECTOR, "input[role=switch]").click()
    assert not driver.find_element(By.CSS_SELECTOR, '[data-id="employers-0-to"]').is_displayed()
    assert driver.find_element(By.CSS_SELECTOR, '[data-id="employers-1-to"]').is_displayed()
    driver.find_element(By.ID, "formc-validate").click()
    # Each entry's required fields, the hidden `to` of the first entry excepted.
    assert driver.find_element(By.ID, "formc-employers-0-company").get_attribute("aria-invalid") == "true"
    assert driver.find_element(By.ID, "formc-employers-1-company").get_attribute("aria-invalid") == "true"
    assert driver.find_element(By.ID, "formc-employers-1-to").get_attribute("aria-invalid") == "true"
    assert driver.find_element(By.ID, "formc-employers-0-to").get_attribute("aria-invalid") == "false"
    message = driver.find_element(By.ID, "formc-employers-1-company").get_attribute("aria-describedby").split()[0]
    assert driver.find_element(By.ID, message).text == "Company is required"
    type_into(driver, driver.find_element(By.ID, "formc-employers-1-company"), "Acme")
    driver.find_element(By.ID, "formc-validate").click()
    assert driver.find_element(By.ID, "formc-employers-1-company").get_attribute("aria-invalid") == "false"
    assert driver.find_element(By.ID, "formc-employers-0-company").get_attribute("aria-invalid") == "true"
    assert severe_logs(driver) == []


def test_a_hidden_list_skips_its_counts_and_its_entries(driver, pages):
    open_page(driver, pages / "lists.html")
    jobs = driver.find_element(By.CSS_SELECTOR, '[data-id="jobs"]')
    assert not jobs.is_displayed()
    driver.find_element(By.ID, "formc-validate").click()
    assert driver.find_element(By.ID, "formc-summary").text == "Every field is valid."
    driver.find_element(By.CSS_SELECTOR, '[data-id="hasJobs"] input[role=switch]').click()
    assert jobs.is_displayed()
    # An entry's condition reads the form's `explain` switch.
    assert not driver.find_element(By.CSS_SELECTOR, '[data-id="jobs-0-why"]').is_displayed()
    driver.find_element(By.CSS_SELECTOR, '[data-id="explain"] input[role=switch]').click()
    assert driver.find_element(By.CSS_SELECTOR, '[data-id="jobs-0-why"]').is_displayed()
    driver.find_element(By.ID, "formc-validate").click()
    # The entry's company and until are required; confirm is empty, so its sameAs passes.
    assert driver.find_element(By.ID, "formc-summary").text == "2 fields need attention."
    # Remove is disabled at minItems; the list message shows once the count is wrong.
    remove = jobs.find_element(By.CSS_SELECTOR, ".list-remove")
    assert not remove.is_enabled()
    type_into(driver, driver.find_element(By.ID, "formc-jobs-0-company"), "Acme")
    type_into(driver, driver.find_element(By.ID, "formc-jobs-0-confirm"), "Acne")
    driver.find_element(By.CSS_SELECTOR, '[data-id="jobs-0-current"] input[role=switch]').click()
    driver.find_element(By.ID, "formc-validate").click()
    confirm = driver.find_element(By.ID, "formc-jobs-0-confirm")
    assert confirm.get_attribute("aria-invalid") == "true"
    assert driver.find_element(By.ID, confirm.get_attribute("aria-describedby").split()[0]).text == "Company again must match Company"
    # A second entry's sameAs compares with its own company.
    driver.find_element(By.ID, "formc-jobs-add").click()
    assert not driver.find_element(By.ID, "formc-jobs-add").is_enabled()
    type_into(driver, driver.find_element(By.ID, "formc-jobs-1-company"), "Other")
    type_into(driver, driver.find_element(By.ID, "formc-jobs-1-confirm"), "Other")
    type_into(driver, driver.find_element(By.ID, "formc-jobs-1-until"), "2020")
    type_into(driver, driver.find_element(By.ID, "formc-jobs-0-confirm"), "Acme")
    driver.find_element(By.ID, "formc-validate").click()
    assert driver.find_element(By.ID, "formc-summary").text == "Every field is valid."
    assert driver.find_element(By.ID, "formc-jobs-message").text == ""
    # An entry's segue names its action, as the entry's `Action` does, not the page's id of it.
    driver.find_element(By.CSS_SELECTOR, '[data-id="jobs-1-details"]').click()
    assert driver.find_element(By.ID, "formc-status").text == "Segue: details"
    # A disabled list disables its actions and its entries' inputs.
    driver.find_element(By.CSS_SELECTOR, '[data-id="locked"] input[role=switch]').click()
    assert not jobs.find_elements(By.CSS_SELECTOR, ".list-remove")[0].is_enabled()
    assert not driver.find_element(By.ID, "formc-jobs-0-company").is_enabled()
    assert severe_logs(driver) == []


def test_an_entry_reads_a_hidden_form_field_as_empty(driver, pages):
    # As the generated entry does (HiddenOuterFormTests): shown, the form's fields
    # are compared as they are; hidden, they read as empty.
    open_page(driver, pages / "hidden-outer.html")
    set_value(driver, "contactEmail", "a@b.io")
    set_value(driver, "cap", "5")
    type_into(driver, driver.find_element(By.ID, "formc-people-0-email"), "a@b.io")
    set_number(driver, row(driver, "people-0-qty"), "7")
    driver.find_element(By.ID, "formc-validate").click()
    assert driver.find_element(By.ID, "formc-people-0-email").get_attribute("aria-invalid") == "false"
    assert state_of(driver, "people-0-qty") == "invalid: Qty must be at most Cap"
    set_value(driver, "hideContact", True)
    driver.find_element(By.ID, "formc-validate").click()
    assert state_of(driver, "people-0-email") == "invalid: Email must match Contact email"
    assert state_of(driver, "people-0-qty") == "valid"
    assert severe_logs(driver) == []


def test_hiding_a_list_makes_its_entries_valid_at_once(driver, pages):
    # As the generated entries do (HiddenListFormTests): a field showing an error
    # is valid as soon as a group hides its list, and checked again once shown.
    open_page(driver, pages / "hidden-list.html")
    driver.find_element(By.ID, "formc-pets-add").click()
    type_into(driver, driver.find_element(By.ID, "formc-pets-1-name"), "Rex")
    driver.find_element(By.ID, "formc-validate").click()
    assert state_of(driver, "pets-0-name") == "invalid: Name is required"
    assert state_of(driver, "pets-1-name") == "valid"
    set_value(driver, "skipPets", True)
    assert state_of(driver, "pets-0-name") == "valid"
    assert state_of(driver, "pets-1-name") == "valid"
    set_value(driver, "skipPets", False)
    assert state_of(driver, "pets-0-name") == "invalid: Name is required"
    assert state_of(driver, "pets-1-name") == "valid"
    assert severe_logs(driver) == []


def test_after_validate_an_entry_follows_its_chains_from_what_is_shown(driver, pages):
    # As the generated entry does (EntryRecheckFormTests): the form's validate()
    # makes an entry forget the visibility it noted, as the form's fields do.
    open_page(driver, pages / "entry-recheck.html")
    set_value(driver, "rows-0-keep", True)
    type_into(driver, driver.find_element(By.ID, "formc-rows-0-shown"), "x")
    type_into(driver, driver.find_element(By.ID, "formc-rows-0-late"), "ab")
    driver.find_element(By.ID, "formc-validate").click()
    assert state_of(driver, "rows-0-late") == "invalid: Late must be at least 3 characters"
    type_into(driver, driver.find_element(By.ID, "formc-rows-0-late"), "abcd")
    assert state_of(driver, "rows-0-late") == "invalid: Late must be at least 3 characters"
    set_value(driver, "rows-0-flip", True)
    assert driver.find_element(By.CSS_SELECTOR, '[data-id="rows-0-shown"]').is_displayed()
    assert state_of(driver, "rows-0-late") == "valid"
    assert severe_logs(driver) == []


def test_next_forgets_as_validate_page_does(driver, pages):
    # As the generated form does (PagedRecheckFormTests): Next forgets the
    # visibility noted for the form's fields and the entries of the page's lists.
    open_page(driver, pages / "paged-recheck.html")
    next_button = driver.find_element(By.ID, "formc-next")
    set_value(driver, "keep", True)
    type_into(driver, driver.find_element(By.ID, "formc-shown"), "x")
    type_into(driver, driver.find_element(By.ID, "formc-late"), "ab")
    next_button.click()
    assert state_of(driver, "late") == "invalid: Late must be at least 3 characters"
    type_into(driver, driver.find_element(By.ID, "formc-late"), "abcd")
    set_value(driver, "flip", True)
    assert state_of(driver, "late") == "valid"
    next_button.click()
    assert driver.execute_script("return document.documentElement.dataset.page") == "two"
    set_value(driver, "rows-0-keep", True)
    type_into(driver, driver.find_element(By.ID, "formc-rows-0-shown"), "x")
    type_into(driver, driver.find_element(By.ID, "formc-rows-0-late"), "ab")
    next_button.click()
    assert driver.execute_script("return document.documentElement.dataset.page") == "two"
    assert state_of(driver, "rows-0-late") == "invalid: Late must be at least 3 characters"
    type_into(driver, driver.find_element(By.ID, "formc-rows-0-late"), "abcd")
    set_value(driver, "rows-0-flip", True)
    assert state_of(driver, "rows-0-late") == "valid"
    assert severe_logs(driver) == []


def test_chains_into_entries_and_around_the_list_are_followed(driver, pages):
    # As the generated form and entries do (HiddenListFormTests): a change re-checks
    # down a chain as far as it shows or hides fields that conditions read.
    open_page(driver, pages / "hidden-list.html")
    type_into(driver, driver.find_element(By.ID, "formc-pets-0-name"), "Rex")
    # noChips hides the entry's chipped, whose value shows its chip.
    set_value(driver, "pets-0-chipped", True)
    # insured hides the form's insurer, whose value shows the entry's policy.
    set_value(driver, "insured", True)
    type_into(driver, driver.find_element(By.ID, "formc-insurer"), "Acme")
    driver.find_element(By.ID, "formc-validate").click()
    assert state_of(driver, "pets-0-chip") == "invalid: Chip is required"
    assert state_of(driver, "pets-0-policy") == "invalid: Policy is required"
    set_value(driver, "noChips", True)
    set_value(driver, "insured", False)
    assert state_of(driver, "pets-0-chip") == "valid"
    assert state_of(driver, "pets-0-policy") == "valid"
    set_value(driver, "noChips", False)
    set_value(driver, "insured", True)
    assert state_of(driver, "pets-0-chip") == "invalid: Chip is required"
    assert state_of(driver, "pets-0-policy") == "invalid: Policy is required"
    # quick hides skipPets, which then reads as false and shows the list again.
    set_value(driver, "skipPets", True)
    assert state_of(driver, "pets-0-chip") == "valid"
    set_value(driver, "quick", True)
    assert driver.find_element(By.CSS_SELECTOR, '[data-id="pets"]').is_displayed()
    assert state_of(driver, "pets-0-chip") == "invalid: Chip is required"
    assert severe_logs(driver) == []


def test_max_input_length_counts_characters(driver, pages):
    # `maxInputLength: 3` lets three Characters in, however many code units each
    # takes (e + U+0301 twice over); a fourth is cut off.
    open_page(driver, pages / "hidden-outer.html")
    code = driver.find_element(By.ID, "formc-code")
    assert code.get_attribute("maxlength") is None
    accented = "e\u0301\u0301"
    type_into(driver, code, accented * 3)
    assert code.get_property("value") == accented * 3
    blur(driver, "code")
    assert state_of(driver, "code") == "valid"
    # Text added at the end is cut to the limit; an edit elsewhere past it is undone.
    type_into(driver, code, "")
    type_into(driver, code, "ab\U0001F44D\U0001F3FDcd")
    assert code.get_property("value") == "ab\U0001F44D\U0001F3FD"
    type_into(driver, code, "aXb\U0001F44D\U0001F3FD")
    assert code.get_property("value") == "ab\U0001F44D\U0001F3FD"
    # While an input method composes, nothing is cut; its text counts once composed.
    driver.execute_script(
        "const input = arguments[0];"
        "input.dispatchEvent(new CompositionEvent('compositionstart', {bubbles: true}));"
        "input.value = 'abcdef';"
        "input.dispatchEvent(new Event('input', {bubbles: true}));", code)
    assert code.get_property("value") == "abcdef"
    driver.execute_script(
        "const input = arguments[0];"
        "input.value = 'ab\u6771';"
        "input.dispatchEvent(new CompositionEvent('compositionend', {bubbles: true}));", code)
    assert code.get_property("value") == "ab\u6771"
    assert severe_logs(driver) == []


def test_submit_shows_the_first_page_to_mend(driver, pages):
    open_page(driver, pages / "pagedlist.html")

    def shown():
        return driver.execute_script("return document.documentElement.dataset.page")

    set_value(driver, "contact", "ada@example.com")
    driver.find_element(By.ID, "formc-next").click()
    set_value(driver, "destination", "Lisbon")
    submit = driver.find_element(By.ID, "formc-submit")
    submit.click()
    status = driver.find_element(By.ID, "formc-status")
    assert status.text == "Every field is valid: the form would be submitted."
    # The first page's answer changes behind the second page (as app code could):
    # Submit then says nothing about submitting, and shows the page to mend.
    type_into(driver, driver.find_element(By.ID, "formc-contact"), "not an email")
    submit.click()
    assert driver.find_element(By.ID, "formc-summary").text == "1 field needs attention."
    assert status.text == ""
    assert shown() == "people"
    assert severe_logs(driver) == []


def test_an_edit_is_what_swift_counts_as_one(driver, pages):
    # A text canonically equal to the field's ("é" typed as e and a combining
    # accent) is no edit, as a FormValue ignores an equal value: the blur finds the
    # field unchanged. Another text is an edit, which the blur then checks.
    open_page(driver, pages / "edits.html")
    set_value(driver, "word", "e\u0301")
    blur(driver, "word")
    assert state_of(driver, "word") == "idle"
    set_value(driver, "word", "x")
    blur(driver, "word")
    assert state_of(driver, "word") == "invalid: Word must be at least 2 characters"
    assert severe_logs(driver) == []


def test_under_the_change_trigger_an_entry_checks_the_lists_counts(driver, pages):
    # An entry that comes or goes is an edit of the list: under `change` its counts
    # are checked at once, as the generated Swift's `listDidChange` runs them.
    open_page(driver, pages / "edits.html")
    pets = driver.find_element(By.CSS_SELECTOR, '[data-id="pets"]')
    assert pets.get_attribute("data-state") in (None, "idle")
    driver.find_element(By.ID, "formc-pets-add").click()
    assert pets.get_attribute("data-state") == "valid"
    assert severe_logs(driver) == []
