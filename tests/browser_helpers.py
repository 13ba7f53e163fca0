"""What the browser tests share about htmx: waiting until a swap has settled.

htmx swaps new content in at once but attaches its own handlers to it only in its
settle step, about 20 ms later (``htmx.config.defaultSettleDelay``); until then the new
content carries ``htmx-added`` and its target ``htmx-settling``. A click or a key press
in between is not htmx's: a link loads the whole page instead of swapping a part, a
form's ``change`` sends nothing. So a test that clicks in content htmx swapped in first
waits for ``settled``. (The socket extension settles its swaps at once: the table's
frames need no such wait.)
"""

# htmx's classes while it works: the element whose request is under way, the target
# being swapped and settled, and the new content until its handlers are attached.
HTMX_BUSY = ".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added"
# A selector, not a page function: Playwright evaluates a string predicate in the page,
# which a page that keeps the Content-Security-Policy refuses (tests/test_csp_browser.py).
HTMX_SETTLED = f"html:not(:has({HTMX_BUSY}))"


def settled(page, selector: str | None = None, timeout: float | None = None) -> None:
    """Wait until ``selector`` (when given) is on the page and htmx has settled: its
    request answered, its swap done and the new content's handlers attached."""
    if selector is not None:
        page.wait_for_selector(selector, state="attached", timeout=timeout)
    page.wait_for_selector(HTMX_SETTLED, state="attached", timeout=timeout)


# Found and measured in one step in the page. Playwright's ``evaluate_all`` finds the
# elements first and measures them in a second call: a live page's socket can replace
# them in between (the table's view arrives just after the page has loaded), and a
# replaced element measures 0 wide with no offsetParent.
SIZES = """s => [...document.querySelectorAll(s)].map(e => {
  const r = e.getBoundingClientRect();
  return {width: r.width, height: r.height, shown: e.offsetParent !== null};
})"""


def sizes(page, selector: str) -> list[dict]:
    """Each matching element's width, height and whether it is shown, all read at once."""
    return page.evaluate(SIZES, selector)


def signed_in_page(browser, site_url: str, viewport: dict, touch: bool = False):
    """A new page at ``viewport`` (a phone's touch when ``touch``), signed in as alice
    (password ``pw-alice-123``); ``html[data-framed]`` marks it once a socket frame has
    drawn the screen again, so a check can wait for that."""
    context = browser.new_context(
        viewport=viewport, has_touch=touch, is_mobile=touch, device_scale_factor=1
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.add_init_script(
        "document.addEventListener('htmx:wsAfterMessage',"
        " () => { document.documentElement.dataset.framed = '1'; })"
    )
    page.goto(site_url + "/players/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", "pw-alice-123")
    page.locator("button:has-text('Sign in')").click()
    page.wait_for_selector(".account-nav >> text=Alice")
    return page
