"""A headless Chromium for the web console's browser tests (test_console.py), driven by
Debian's python3-selenium with Debian's chromium and chromium-driver. Tests skip, saying
so, only where those are not installed (docker/install-deps.sh installs them)."""
import os
import shutil
import tempfile
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WAIT_SECONDS = 20
# Flags that work in containers: no sandbox (root), no GPU, nothing fetched from Google.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1200,760"]


def missing_browser():
    """Why the browser tests cannot run here, or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "python3-selenium is not installed"
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            return f"{path} is not installed (Debian packages chromium and chromium-driver)"
    return None


class Browser:
    """One Chromium with a fresh profile; quit() removes the profile."""

    def __init__(self):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        self.profile = tempfile.mkdtemp(prefix="monotable-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in FLAGS + [f"--user-data-dir={self.profile}"]:
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)

    def quit(self):
        self.driver.quit()
        shutil.rmtree(self.profile, ignore_errors=True)

    def open(self, server, hash_route, access_key, region):
        """Loads the console on `hash_route` (e.g. "items?table=T") in a namespace."""
        self.driver.get(f"{server.endpoint}/console/?accessKey={access_key}&region={region}"
                        f"#{hash_route}")

    def find(self, css):
        from selenium.webdriver.common.by import By
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def find_all(self, css):
        from selenium.webdriver.common.by import By
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def wait(self, condition, what):
        """Polls `condition(browser)` until it returns something truthy (returned), or
        fails the test naming `what` and the page's text."""
        from selenium.common.exceptions import TimeoutException
        from selenium.webdriver.support.ui import WebDriverWait
        try:
            return WebDriverWait(self.driver, WAIT_SECONDS, poll_frequency=0.1).until(
                lambda _: condition(self))
        except TimeoutException:
            page = self.driver.find_element("tag name", "body").text[-3000:]
            logs = self.driver.get_log("browser")[-20:]
            pytest.fail(f"timed out waiting for {what}\npage:\n{page}\nbrowser log: {logs}")

    def wait_text(self, css, text):
        """Waits until an element matching `css` contains `text`; returns its whole text
        (read at once: polling views replace their elements)."""
        from selenium.common.exceptions import StaleElementReferenceException

        def found(b):
            try:
                return next((t for t in (e.text for e in b.find_all(css)) if text in t), None)
            except StaleElementReferenceException:
                return None
        return self.wait(found, f"{text!r} in {css}")

    def click(self, css):
        """Clicks the first element matching `css`, again if a polling view replaced it."""
        from selenium.common.exceptions import StaleElementReferenceException

        def clicked(b):
            try:
                b.find(css).click()
                return True
            except StaleElementReferenceException:
                return False
        self.wait(clicked, f"a click on {css}")

    def set_value(self, css, value):
        """Sets an input's or textarea's value and fires `input`, as typing would."""
        self.driver.execute_script(
            "const e = document.querySelector(arguments[0]); e.value = arguments[1];"
            "e.dispatchEvent(new Event('input', {bubbles: true}));"
            "e.dispatchEvent(new Event('change', {bubbles: true}));", css, value)

    def screenshot(self, name):
        """Saves a PNG next to the binary (the build directory): console-screenshots/."""
        binary = os.environ.get("MONOTABLE_BIN")
        base = Path(binary).parent if binary else Path(__file__).resolve().parents[2] / "build"
        folder = base / "console-screenshots"
        folder.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(folder / f"{name}.png"))


@pytest.fixture(scope="module")
def browser():
    reason = missing_browser()
    if reason:
        pytest.skip(f"browser tests skipped: {reason}")
    b = Browser()
    yield b
    b.quit()
