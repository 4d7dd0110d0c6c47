#!/usr/bin/env python3
"""Loads replay's HTML reports in headless Chromium (through Selenium and chromedriver)
and prints, as one JSON object, what a person would see after each interaction.

    report_checks.py REPORT.html HOSTILE.html SCREENSHOT_DIR CHROMIUM CHROMEDRIVER [CHECKOUT.html [WHAT-IF.html [DEEP.html]]]

The Swift test (HTMLReportBrowserTests) asserts on the JSON; this script only drives the
browser and observes. Timings are reported, never judged.
"""
import json
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait


def browser(chromium="/usr/bin/chromium", chromedriver="/usr/bin/chromedriver"):
    options = Options()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1440,960", "--no-first-run", "--disable-extensions"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(chromedriver), options=options)


def open_report(driver, path, fragment=""):
    driver.get("file://" + path + fragment)
    WebDriverWait(driver, 20).until(
        lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))


def text(driver, css):
    """The element's text as the DOM holds it (not as CSS transforms it)."""
    return driver.execute_script("return document.querySelector(arguments[0]).textContent", css)


def diff_lines(driver, css):
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0] + ' .line')].map(l => l.textContent)", css)


def click_row(driver, row):
    """Scrolls the virtual list to `row` and clicks it, as a person would."""
    driver.execute_script(
        "const l = document.getElementById('entry-list');"
        "l.scrollTop = Math.max(0, arguments[0] * 26 - 120); l.dispatchEvent(new Event('scroll'));", row)
    for attempt in range(3):
        element = WebDriverWait(driver, 5).until(
            lambda d: d.find_element(By.CSS_SELECTOR, f'.row[data-row="{row}"]'))
        try:
            element.click()
            return
        except StaleElementReferenceException:
            # The list re-rendered between finding the row and clicking it.
            if attempt == 2:
                raise


def console_errors(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def fixture_checks(driver, path, shots):
    result = {}
    open_report(driver, path)
    result["openToFirstEntryMs"] = driver.execute_script(
        "return performance.getEntriesByName('replay-first-entry')[0].startTime")
    result["title"] = driver.title
    result["listCount"] = text(driver, "#list-count")
    result["firstSelected"] = text(driver, "#detail-seq")
    result["points"] = len(driver.find_elements(By.CSS_SELECTOR, "svg.chart[data-plot='0'] circle.point:not(.initial)"))
    result["initialPoints"] = len(driver.find_elements(By.CSS_SELECTOR, "svg.chart[data-plot='0'] circle.point.initial"))

    click_row(driver, 117)
    result["afterClick"] = {
        "seq": text(driver, "#detail-seq"),
        "fragment": driver.execute_script("return location.hash"),
        "diffTitle": text(driver, ".diff-box .pane-title"),
        "diff": diff_lines(driver, "#diff"),
        "badges": [b.text for b in driver.find_elements(By.CSS_SELECTOR, ".entry-head .badge")],
        "changedNodes": driver.execute_script(
            "return [...document.querySelectorAll('#state-tree .node-line.changed .pointer')].map(p => p.textContent)"),
    }
    driver.save_screenshot(shots + "/report-seq-117.png")

    steps = []
    body = driver.find_element(By.TAG_NAME, "body")
    for key in (Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_LEFT, "j", "k", Keys.END, Keys.HOME):
        body.send_keys(key)
        steps.append([text(driver, "#detail-seq"), driver.execute_script("return location.hash")])
    result["keys"] = steps
    durations = driver.execute_script(
        "return performance.getEntriesByName('replay-select').map(m => m.duration)")
    result["selectMs"] = {"count": len(durations), "max": max(durations), "median": sorted(durations)[len(durations) // 2]}

    Select(driver.find_element(By.ID, "action-filter")).select_by_value("addTodo")
    result["filterAction"] = text(driver, "#list-count")
    filtered_names = driver.execute_script(
        "return [...new Set([...document.querySelectorAll('.row .name')].map(n => n.textContent))]")
    result["filterActionNames"] = filtered_names
    field = driver.find_element(By.ID, "text-filter")
    field.send_keys("todo-035")
    result["filterActionAndText"] = text(driver, "#list-count")
    result["filteredRows"] = driver.execute_script(
        "return [...document.querySelectorAll('.row')].map(r => Number(r.dataset.row))")
    body.send_keys(Keys.HOME)
    result["homeInFilter"] = text(driver, "#detail-seq")
    field.clear()
    field.send_keys(" ")
    field.send_keys(Keys.BACKSPACE)
    Select(driver.find_element(By.ID, "action-filter")).select_by_value("")
    result["filterCleared"] = text(driver, "#list-count")

    open_report(driver, path, "#seq=173")
    result["fragmentLoad"] = {"seq": text(driver, "#detail-seq"), "diff": diff_lines(driver, "#diff")}
    driver.find_element(By.CSS_SELECTOR, ".tab:nth-child(2)").click()
    source = driver.find_element(By.ID, "compare-from")
    source.clear()
    source.send_keys("100" + Keys.ENTER)
    result["compare"] = {"title": text(driver, "#compare .pane-title"), "diff": diff_lines(driver, "#compare-diff")}
    driver.save_screenshot(shots + "/report-compare.png")

    chart = driver.find_element(By.CSS_SELECTOR, "svg.chart[data-plot='0']")
    width = chart.size["width"]
    driver.execute_script(
        "const c = arguments[0], b = c.getBoundingClientRect();"
        "c.dispatchEvent(new MouseEvent('click', {clientX: b.left + 8 + (60 / 240) * (b.width - 16), clientY: b.top + 10, bubbles: true}))",
        chart)
    result["chartClick"] = text(driver, "#detail-seq")
    result["charts"] = chart_labels(driver)
    result["consoleErrors"] = console_errors(driver)
    result["resources"] = driver.execute_script("return performance.getEntriesByType('resource').map(r => r.name)")
    return result


def chart_labels(driver):
    """Each chart's labels, and those whose box meets the line's box or a point's."""
    return driver.execute_script("""
      const meets = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      return [...document.querySelectorAll('svg.chart')].map((chart) => {
        const marks = [...chart.querySelectorAll('.chart-line, .point, .points')].map((m) => m.getBBox());
        const labels = [...chart.querySelectorAll('text.axis')];
        return {
          labels: labels.map((l) => l.textContent),
          overlapping: labels.filter((l) => marks.some((m) => meets(l.getBBox(), m))).map((l) => l.textContent),
          labelsMeetEachOther: labels.some((l, i) => labels.some((o, j) => i < j && meets(l.getBBox(), o.getBBox()))),
        };
      });""")


def tree_lines(driver):
    """The state tree's lines in the DOM, in order, as text."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#tree-lines .node-line')]"
        ".sort((a, b) => a.dataset.index - b.dataset.index).map((l) => l.textContent)")


def deep_checks(driver, path, shots):
    """A report whose states nest 10,000 levels deep: the folded tree, a folded node
    opened, and a search for the leaf."""
    result = {}
    open_report(driver, path, "#seq=1")
    page = driver.execute_script
    result["seq"] = text(driver, "#detail-seq")
    result["diffTitle"] = text(driver, ".diff-box .pane-title")
    result["diffLines"] = page("return document.getElementById('diff').dataset.lines")
    result["diffFirst"] = diff_lines(driver, "#diff")[:3]
    result["treeRows"] = page("return document.getElementById('tree-lines').dataset.rows")
    lines = tree_lines(driver)
    result["treeFirst"] = lines[:4]
    result["treeLast"] = lines[-2:]
    result["changedNodes"] = page(
        "return [...document.querySelectorAll('#state-tree .node-line.changed .pointer')].map(p => p.textContent)")
    result["selectMs"] = page("return performance.getEntriesByName('replay-select').map(m => m.duration)")
    result["treeMs"] = page("return performance.getEntriesByName('replay-tree').map(m => m.duration)")
    driver.save_screenshot(shots + "/deep-folded.png")
    toggles = driver.find_elements(By.CSS_SELECTOR, "#tree-lines .node-line .toggle")
    toggles[-1].click()
    result["openedRows"] = page("return document.getElementById('tree-lines').dataset.rows")
    field = driver.find_element(By.ID, "state-search")
    field.send_keys("leaf" + Keys.ENTER)
    result["searchResults"] = page(
        "return [...document.querySelectorAll('#search-results > *')].map(e => e.textContent)")
    result["revealedRows"] = page("return document.getElementById('tree-lines').dataset.rows")
    result["found"] = page("return [...document.querySelectorAll('#tree-lines .node-line.found')].map(l => l.textContent)")
    # In view: inside the pane, below the search that stays at its top, from its left edge.
    result["foundInView"] = page(
        "const f = document.querySelector('#tree-lines .node-line.found'), t = document.getElementById('state-tree');"
        "const s = document.querySelector('#state-tree .tree-search');"
        "if (!f) return false; const a = f.getBoundingClientRect(), b = t.getBoundingClientRect();"
        "return a.top >= s.getBoundingClientRect().bottom && a.bottom <= b.bottom && t.scrollLeft === 0")
    result["linesInDOM"] = page("return document.querySelectorAll('#tree-lines .node-line').length")
    driver.save_screenshot(shots + "/deep-found.png")
    result["consoleErrors"] = console_errors(driver)
    return result


def hostile_checks(driver, path, shots):
    result = {}
    driver.execute_script("window.open('about:blank')")
    open_report(driver, path)
    page = driver.execute_script
    result["pwned"] = page("return typeof window.__pwned")
    result["images"] = page("return document.images.length")
    result["links"] = page("return document.querySelectorAll('a, iframe, object, embed, form, img').length")
    result["scripts"] = page(
        "return [...document.scripts].map(s => s.type === 'application/json' ? 'json' : 'script')"
        ".filter((t, i, a) => t === 'script').length")
    result["inlineHandlers"] = page(
        "return [...document.querySelectorAll('*')].filter(e => [...e.attributes].some(a => a.name.startsWith('on'))).length")
    result["names"] = page("return [...document.querySelectorAll('.row .name')].map(n => n.textContent)")
    result["times"] = page("return [...document.querySelectorAll('.row .time')].map(n => n.textContent)")
    result["payloads"] = page("return [...document.querySelectorAll('.row .payload')].map(n => n.textContent)")
    result["title"] = driver.title
    result["path"] = text(driver, ".path")
    result["meta"] = text(driver, ".meta")
    keys = []
    for row in range(1, page("return document.querySelectorAll('.row').length")):
        click_row(driver, row)
        keys.append({
            "seq": text(driver, "#detail-seq"),
            "name": text(driver, ".entry-name"),
            "meta": text(driver, ".entry-meta"),
            "action": page("return document.querySelector('#action .json').textContent"),
            "diff": diff_lines(driver, "#diff"),
            "tree": page("return [...document.querySelectorAll('#state-tree .node-line')].map(l => l.textContent)"),
        })
    result["entries"] = keys
    driver.save_screenshot(shots + "/hostile.png")
    result["resources"] = page("return performance.getEntriesByType('resource').map(r => r.name)")
    # The policy itself: markup injected by hand (not from the log) still runs nothing.
    page("window.__violations = [];"
         "document.addEventListener('securitypolicyviolation', e => window.__violations.push(e.violatedDirective));"
         "const d = document.createElement('div');"
         "d.setAttribute('onclick', 'window.__pwned = 3'); document.body.append(d); d.click();"
         "const i = document.createElement('img'); i.src = 'injected.png';"
         "i.setAttribute('onerror', 'window.__pwned = 4'); document.body.append(i);")
    time.sleep(0.5)
    result["injectedPwned"] = page("return typeof window.__pwned")
    result["violations"] = sorted(set(page("return window.__violations")))
    result["consoleErrors"] = [m for m in console_errors(driver) if "Content Security Policy" not in m]
    return result


def provenance_texts(driver):
    """The texts of the selected entry's site, cause, chain and running effects lines."""
    return driver.execute_script(
        "const t = (c) => { const e = document.querySelector('#action .provenance.' + c);"
        " return e ? e.textContent : null; };"
        "const runs = [...document.querySelectorAll('#action .provenance.effects .effect-run')];"
        "return {site: t('site'), cause: t('cause'), why: t('why'),"
        " effects: runs.map((e) => e.textContent)};")


def provenance_checks(driver, path, shots):
    """The checkout's report: where the refund came from, and going to its cause."""
    result = {}
    open_report(driver, path, "#seq=6")
    result["refund"] = provenance_texts(driver)
    driver.save_screenshot(shots + "/provenance.png")
    driver.find_element(By.CSS_SELECTOR, "#action .provenance.cause .seq-ref.link").click()
    WebDriverWait(driver, 5).until(lambda d: text(d, "#detail-seq") != "seq 6")
    result["afterCauseClick"] = text(driver, "#detail-seq")
    result["fragment"] = driver.execute_script("return location.hash")
    result["pay"] = provenance_texts(driver)
    open_report(driver, path, "#seq=5")
    result["charged"] = provenance_texts(driver)
    result["consoleErrors"] = [m for m in console_errors(driver) if "Content Security Policy" not in m]
    return result


def edited_checks(driver, path, shots):
    """The report of a what-if (--skip 117) beside the recording."""
    result = {}
    open_report(driver, path, "#seq=116")
    result["chips"] = driver.execute_script(
        "return ['edited-chip', 'removed-chip'].map((id) => document.getElementById(id).textContent)")
    # The edited chip goes to the first entry whose state differs from the recording's.
    driver.find_element(By.ID, "edited-chip").click()
    WebDriverWait(driver, 5).until(lambda d: text(d, "#detail-seq") != "seq 116")
    result["afterChip"] = text(driver, "#detail-seq")
    result["badges"] = driver.execute_script(
        "return [...document.querySelectorAll('#entry-head .badge')].map((b) => b.textContent)")
    result["againstTitle"] = text(driver, ".against-title")
    result["against"] = diff_lines(driver, "#against")
    result["rowDots"] = driver.execute_script(
        "const row = document.querySelector('.row[data-row=\"117\"]');"
        "return row ? [...row.querySelectorAll('.dot')].map((d) => d.className) : null")
    driver.save_screenshot(shots + "/what-if.png")
    driver.find_element(By.ID, "removed-chip").click()
    result["removed"] = driver.execute_script(
        "const p = document.getElementById('removed-panel');"
        "return p.classList.contains('hidden') ? null : [...p.querySelectorAll('.warning-line')].map((l) => l.textContent)")
    open_report(driver, path, "#seq=3")
    result["asRecorded"] = {"againstTitle": text(driver, ".against-title"), "against": diff_lines(driver, "#against")}
    result["consoleErrors"] = [m for m in console_errors(driver) if "Content Security Policy" not in m]
    return result


def main():
    report, hostile, shots, chromium, chromedriver = sys.argv[1:6]
    driver = browser(chromium, chromedriver)
    try:
        out = {"fixture": fixture_checks(driver, report, shots), "hostile": hostile_checks(driver, hostile, shots)}
        if len(sys.argv) > 6:
            out["checkout"] = provenance_checks(driver, sys.argv[6], shots)
        if len(sys.argv) > 7:
            out["whatIf"] = edited_checks(driver, sys.argv[7], shots)
        if len(sys.argv) > 8:
            out["deep"] = deep_checks(driver, sys.argv[8], shots)
    finally:
        driver.quit()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
