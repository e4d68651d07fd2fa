"""What the end-to-end tests share: the repository, the formc under test, and a
headless Chromium driven by Debian's chromedriver, found on PATH and never
downloaded."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Selenium Manager must never fetch a driver or a browser.
os.environ["SE_OFFLINE"] = "true"


def formc_binary() -> str:
    """FORMC_BINARY when set (CI's release build), else the debug build's formc."""
    binary = os.environ.get("FORMC_BINARY")
    if binary:
        return binary
    bin_path = subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    return str(Path(bin_path) / "formc")


def headless_chromium():
    """A Selenium driver of Debian's headless Chromium, with its console log kept.
    A missing browser or driver fails the test: `make e2e` installs both."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        pytest.fail("Chromium is not installed: apt-get install -y chromium chromium-driver (make e2e does)")
    chromedriver = shutil.which("chromedriver")
    if not chromedriver:
        pytest.fail("chromedriver is not installed: apt-get install -y chromium-driver (make e2e does)")
    options = Options()
    options.binary_location = found
    for argument in (
        "--headless=new", "--disable-gpu", "--window-size=430,1400", "--no-first-run",
        "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-default-apps",
    ):
        options.add_argument(argument)
    if os.geteuid() == 0:
        options.add_argument("--no-sandbox")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=chromedriver), options=options)
