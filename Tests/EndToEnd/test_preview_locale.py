"""`formc preview --locale de --strings CATALOG` (SPEC §13 with §11) in a real browser:
Debian's Chromium, headless, driven by Selenium through Debian's chromedriver (found
on PATH, never downloaded).

- The German page shows the catalog's text for every kind of string, the untranslated
  one as the form's own text, and the translated validation message once a bad value
  is entered.
- de-CH reads its own translation, then de's.
- A hostile translation is text: nothing injected runs or becomes markup.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from formc_e2e import formc_binary, headless_chromium

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "preview-locale-fixtures"
FORM = FIXTURES / "signup.form.yaml"
CATALOG = FIXTURES / "Localizable.xcstrings"


FORMC = str(Path(formc_binary()).resolve())


def preview(output, locale, catalog=CATALOG):
    result = subprocess.run(
        [FORMC, "preview", str(FORM), "-o", str(output), "--locale", locale, "--strings", str(catalog)],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr
    return output


@pytest.fixture(scope="module")
def driver():
    browser = headless_chromium()
    yield browser
    browser.quit()


def open_page(driver, path: Path):
    driver.get_log("browser")  # drop what earlier pages logged
    driver.get("about:blank")
    driver.get(path.as_uri())
    assert driver.execute_script("return document.documentElement.dataset.ready") == "true", "the script did not run"


def text_of(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector).get_attribute("textContent")


def row(driver, field):
    return driver.find_element(By.CSS_SELECTOR, f'[data-id="{field}"]')


def type_text(driver, field, value):
    """As a paste: the value, then the input event a user's edit fires."""
    element = row(driver, field).find_element(By.CSS_SELECTOR, "input, textarea")
    element.click()
    driver.execute_script(
        "arguments[0].value = arguments[1];"
        "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));",
        element, value,
    )


def message(driver, field):
    return driver.find_element(By.ID, f"formc-{field}-message").get_attribute("textContent")


def severe_logs(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def test_the_german_page_reads_german(driver, tmp_path):
    open_page(driver, preview(tmp_path / "de.html", "de"))
    assert driver.execute_script("return document.documentElement.lang") == "de"
    assert driver.title == "Konto erstellen"
    assert text_of(driver, "h1") == "Konto erstellen"
    assert text_of(driver, '[data-kind="staticText"]') == "Es dauert nur eine Minute."
    account = row(driver, "account")
    assert account.find_element(By.CSS_SELECTOR, ".group-title").get_attribute("textContent") == "Konto"
    assert account.find_element(By.CSS_SELECTOR, ".group-footer").get_attribute("textContent") == "Wir geben deine E-Mail-Adresse nie weiter."
    assert driver.find_element(By.ID, "formc-email").get_attribute("placeholder") == "du@beispiel.de"
    assert text_of(driver, 'label[for="formc-password"]') == "Passwort"
    options = row(driver, "plan").find_elements(By.CSS_SELECTOR, "button[role=radio]")
    # `pro` has no German translation: the form's own text.
    assert [option.get_attribute("textContent") for option in options] == ["Kostenlos", "Pro"]
    assert "Plätze" in row(driver, "seats").get_attribute("textContent")
    assert "Personen" in row(driver, "seats").get_attribute("textContent")
    assert "Ich akzeptiere die Bedingungen" in row(driver, "acceptTerms").get_attribute("textContent")
    assert row(driver, "showPrivacy").get_attribute("textContent").strip() == "Privacy policy"

    # A bad value: the catalog's whole sentences, default and given, tied to the input.
    type_text(driver, "password", "abc")
    assert message(driver, "password") == "Das Passwort braucht mindestens 8 Zeichen"
    type_text(driver, "password", "abcdefgh")
    assert message(driver, "password") == "Verwende mindestens eine Ziffer"
    type_text(driver, "email", "not an address")
    assert message(driver, "email") == "Die E-Mail-Adresse ist ungültig"
    assert driver.find_element(By.ID, "formc-email").get_attribute("aria-invalid") == "true"
    type_text(driver, "email", "")
    assert message(driver, "email") == "Die E-Mail-Adresse fehlt"
    driver.find_element(By.ID, "formc-validate").click()
    assert message(driver, "acceptTerms") == "Bitte akzeptiere die Bedingungen"
    assert severe_logs(driver) == []


def test_swiss_german_falls_back_to_german(driver, tmp_path):
    open_page(driver, preview(tmp_path / "de-CH.html", "de_CH"))
    assert driver.execute_script("return document.documentElement.lang") == "de-CH"
    assert driver.find_element(By.ID, "formc-email").get_attribute("placeholder") == "du@beispiel.ch"
    assert driver.title == "Konto erstellen"


def test_a_hostile_translation_stays_text(driver, tmp_path):
    hostile = "</script><script>window.pwned=1</script><img src=x onerror=\"window.pwned=2\"> \u202eevil\u202c &amp;"
    catalog = json.loads(CATALOG.read_text(encoding="utf-8"))
    for key in ("LocaleSignUpForm.title", "LocaleSignUpForm.staticText.1", "LocaleSignUpForm.password.label",
                "LocaleSignUpForm.plan.option.free", "LocaleSignUpForm.password.minLength.message"):
        catalog["strings"][key]["localizations"]["de"]["stringUnit"]["value"] = hostile
    hostile_catalog = tmp_path / "Hostile.xcstrings"
    hostile_catalog.write_text(json.dumps(catalog, ensure_ascii=False), encoding="utf-8")
    open_page(driver, preview(tmp_path / "hostile.html", "de", hostile_catalog))
    assert driver.execute_script("return window.pwned") is None
    assert driver.title == hostile
    assert text_of(driver, "h1") == hostile
    assert text_of(driver, '[data-kind="staticText"]') == hostile
    assert text_of(driver, 'label[for="formc-password"]') == hostile
    assert driver.find_elements(By.CSS_SELECTOR, "main img, main script, main iframe") == []
    assert len(driver.find_elements(By.TAG_NAME, "script")) == 2
    type_text(driver, "password", "abc")
    assert message(driver, "password") == hostile
    row(driver, "plan").find_element(By.CSS_SELECTOR, "button[role=radio]").click()
    assert driver.execute_script("return window.pwned") is None
    assert severe_logs(driver) == []
