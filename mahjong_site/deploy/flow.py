"""The deployment check's steps after the README's install (check.py runs them in order):
what the recipe must have produced, the game through nginx and its failover, the
backup and the restore. Every step raises CheckFailed with what it saw."""

from __future__ import annotations

import gzip
import json
import re
import secrets
import subprocess
import time
from pathlib import Path

import units
from check import CheckFailed, fetch, psql, sh, step

# Before the kill and after it: the moves the test clicks, and one more after the
# restore.
MOVES_BEFORE, MOVES_AFTER, MOVES_RESTORED = 6, 6, 2
PORTS = ("18001", "18002")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PATIENT = 20_000  # ms: a bound a busy machine never reaches


def run(d, shots: Path | None) -> None:
    started = [time.monotonic()]
    step("prepare: clone HEAD, lint the README's recipe", started)
    blocks = d.prepare()
    step("README: install + serve (as root, one shell)", started)
    d.run_blocks(blocks, "install", "serve")
    step("what the recipe made", started)
    check_environment_file(d)
    check_role(d)
    check_install(d)
    check_nginx_site(d)
    check_static()
    check_spread(d)
    step("a game through nginx; the daphne holding its socket killed", started)
    clicked, game = play(d, shots)
    check_redis_keys()
    step("README: backup (+ the cron line run as cron runs it)", started)
    d.run_blocks(blocks, "backup")
    dump = run_cron_line(d)
    refused_while_running(d, dump)
    step("README: restore into a database created afresh", started)
    d.run_blocks(blocks, "restore")
    check_owner(d)
    same_game(d, game, clicked, "after the restore")
    clicked += play_on_after_restore(d, shots)
    same_game(d, game, clicked, "played on after the restore")
    step(f"passed: {len(clicked)} moves clicked, all stored once, in order", started)


# --- what the recipe made


def check_environment_file(d) -> None:
    """club.env gives the shell (`set -a && . ./club.env`) and systemd the same values."""
    path = d.site / "club.env"
    systemd = units.parse_env_file(path.read_text())
    shell = json.loads(
        sh(
            "env", "-i", "bash", "-c",
            "set -a && . ./club.env && set +a && python3 -c "
            "'import json, os; print(json.dumps(dict(os.environ)))'",
            cwd=d.site,
        )
    )  # fmt: skip
    differ = {k: (v, shell.get(k)) for k, v in systemd.items() if shell.get(k) != v}
    if differ:
        raise CheckFailed(f"club.env reads differently in systemd and the shell: {differ}")
    if oct(path.stat().st_mode & 0o777) != "0o600":
        raise CheckFailed("club.env is readable by others than its owner")
    if subprocess.run(["git", "-C", str(d.site), "check-ignore", "-q", "club.env"]).returncode:
        raise CheckFailed("club.env is not ignored by git")
    print(f"   club.env: {len(systemd)} settings, the same in systemd and the shell; mode 600")


def check_role(d) -> None:
    role = psql(
        "postgres",
        "SELECT rolpassword IS NOT NULL, rolsuper, rolcreatedb, pg_get_userbyid(datdba)"
        f" FROM pg_authid, pg_database WHERE rolname = '{d.name}' AND datname = '{d.name}'",
    )
    if role != f"t|f|f|{d.name}":
        raise CheckFailed(
            "the role should have a password (the site logs in over TCP), no superuser or "
            f"createdb right, and own its database: password|super|createdb|owner = {role}"
        )
    print("   the role has a password, no superuser or createdb right, and owns its database")


def check_install(d) -> None:
    """The venv holds the project's packages and each dependency at the locked version."""
    python = str(d.site / ".venv" / "bin" / "python")
    where = sh(
        python,
        "-c",
        "import importlib.util as u; print(u.find_spec('tables.play.submit').origin)",
        cwd="/",
    ).strip()
    if "/site-packages/" not in where:
        raise CheckFailed(f"the project's code is not installed in the venv ({where})")
    lock = dict(
        line.split("==")
        for line in (d.site / "requirements.lock").read_text().split()
        if "==" in line
    )
    frozen = dict(
        line.split("==") for line in sh(python, "-m", "pip", "freeze").split() if "==" in line
    )
    norm = lambda name: re.sub(r"[-_.]+", "-", name).lower()  # noqa: E731
    locked = {norm(k): v for k, v in lock.items()}
    wrong = {k: v for k, v in frozen.items() if norm(k) in locked and locked[norm(k)] != v}
    if wrong or "django" not in {norm(k) for k in frozen}:
        raise CheckFailed(f"installed versions differ from requirements.lock: {wrong}")
    print(f"   installed: the project's packages and {len(frozen)} locked dependencies")


def check_nginx_site(d) -> None:
    """Installed the Debian way: the file in sites-available, a link to it in
    sites-enabled, and Debian's default site no longer enabled."""
    nginx = d.root / "etc" / "nginx"
    enabled = {path.name: path for path in (nginx / "sites-enabled").iterdir()}
    link = enabled.get("club")
    if set(enabled) != {"club"} or not link.is_symlink():
        raise CheckFailed(f"sites-enabled should hold only a link to the club's site: {enabled}")
    if link.resolve() != (nginx / "sites-available" / "club").resolve():
        raise CheckFailed(f"sites-enabled/club links to {link.resolve()}")
    print("   nginx: the site in sites-available, linked from sites-enabled, no default site")


def check_static() -> None:
    """A page's CSS and JS go out gzipped, hashed names cached for good."""
    status, _, body = fetch("/players/login/")
    names = re.findall(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"', body.decode())
    if status != 200 or not names:
        raise CheckFailed(f"the sign-in page through nginx: {status}, no CSS or JS linked")
    sent = plain = 0
    for name in names:
        _, headers, data = fetch(name, {"Accept-Encoding": "gzip"})
        if headers.get("Content-Encoding") != "gzip":
            raise CheckFailed(f"{name} is not sent gzipped")
        kept = headers.get("Cache-Control", "")
        if "max-age=315360000" not in kept or "immutable" not in kept:
            raise CheckFailed(f"{name} has a hashed name but is not kept for good: {headers}")
        sent += len(data)
        plain += len(gzip.decompress(data))
    print(
        f"   static: {len(names)} CSS/JS files, {plain / 1000:.1f} kB sent as {sent / 1000:.1f} kB"
    )


def check_spread(d) -> None:
    """Sessions spread over both daphnes, each one staying on its own: all these requests
    come from 127.0.0.1, which ip_hash would send to one process."""
    log = d.root / "log" / "upstream.log"
    before = len(log.read_text().splitlines()) if log.exists() else 0
    cookies = [secrets.token_hex(16) for _ in range(16)]
    for cookie in cookies + cookies:
        fetch("/players/login/", {"Cookie": f"sessionid={cookie}"})
    served: dict[str, set[str]] = {}
    for line in log.read_text().splitlines()[before:]:
        upstream, cookie, _ = line.split(" ", 2)
        served.setdefault(cookie, set()).add(upstream)
    processes = set().union(*served.values())
    if len(processes) < 2 or any(len(ups) != 1 for ups in served.values()):
        raise CheckFailed(f"sessions do not spread over both daphnes, one each: {served}")
    print(f"   16 sessions spread over {sorted(processes)}, each kept on one")


def check_redis_keys() -> None:
    import redis

    keys = [k.decode() for k in redis.Redis(host="127.0.0.1", db=5).scan_iter(count=1000)]
    if not keys or any(not k.startswith("club:") for k in keys):
        raise CheckFailed(f"the site's Redis keys do not all start with 'club:': {keys[:10]}")
    print(f"   Redis: {len(keys)} keys, all under club:*")


# --- the game


def browser_page(pw, size):
    browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
    context = browser.new_context(viewport=size, ignore_https_errors=True)
    page = context.new_page()
    page.set_default_timeout(PATIENT)
    return browser, page


def sign_in(page, d) -> None:
    from check import HTTPS

    page.goto(HTTPS + "/players/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", d.password)
    page.locator("button:has-text('Sign in')").click()
    page.wait_for_selector(".account-nav >> text=admin")


def play(d, shots: Path | None) -> tuple[list[str], int]:
    from check import HTTPS
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser, page = browser_page(pw, {"width": 1280, "height": 800})
        sign_in(page, d)
        # The site is down for some seconds while it is restored, with the game waiting
        # on this seat: a club ruleset with a long move time (made in the admin, as a
        # club's administrator would) keeps the clock from playing for the seat meanwhile.
        page.goto(HTTPS + "/admin/rules/ruleset/add/")
        page.fill("#id_name", "Deploy check")
        page.select_option("#id_preset", "ema")
        page.fill("#id_settings", '{"thinking_time": 900}')
        page.locator("input[name=_save]").click()
        page.wait_for_selector(".messagelist .success")
        page.goto(HTTPS + "/")
        page.fill("#id_name", "Deploy check")
        chosen = page.locator("#id_ruleset option", has_text="Deploy check").first
        page.select_option("#id_ruleset", chosen.get_attribute("value"))
        page.select_option("#id_bots", index=1)
        page.check("input[type=checkbox][name=sit]")
        page.locator("button:has-text('Open the table')").click()
        page.locator("button:has-text('Start the game')").click()
        page.wait_for_selector("#table-board")
        table_url = page.url
        game = int(psql(d.name, "SELECT max(id) FROM tables_game"))
        clicked = [make_move(page) for _ in range(MOVES_BEFORE)]
        # Once the game waits on this seat no frame is on its way: a table drawn anew
        # after the kill came through a new socket.
        page.wait_for_selector(f"{YOUR_MOVE}, {RESULT_SHOWN}")
        holder = socket_holder()
        page.evaluate("() => document.querySelector('#table-center').dataset.stale = '1'")
        killed = time.monotonic()
        units.stop(d.root, holder, units.signal.SIGKILL)
        page.wait_for_selector("#table-center:not([data-stale])", timeout=PATIENT)
        print(f"   killed the daphne on {holder}; the page had the table again after "
              f"{time.monotonic() - killed:.1f} s, from {socket_holder()}")  # fmt: skip
        clicked += [make_move(page) for _ in range(MOVES_AFTER // 2)]
        if shots:
            shots.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(shots / "through-nginx-1280x800.png"))
            phone_browser, phone = browser_page(pw, {"width": 390, "height": 844})
            sign_in(phone, d)
            phone.goto(table_url)
            phone.wait_for_selector("#table-board")
            phone.screenshot(path=str(shots / "through-nginx-390x844.png"))
            phone_browser.close()
        clicked += [make_move(page) for _ in range(MOVES_AFTER - MOVES_AFTER // 2)]
        browser.close()
    d.table_url = table_url
    same_game(d, game, clicked, "across the failover")
    return clicked, game


MOVED_ON = "#table-center:not([data-version='{}']), .table-modal:not(.closed)"
YOUR_MOVE = "#table-hand button[data-action]"
RESULT_SHOWN = ".table-modal:not(.closed) button"


def make_move(page) -> str:
    """Alice's next move, made like a person: close a hand's result; pass a call; throw
    the drawn tile (or the last one). Returns the move's text as the page sent it."""
    while True:
        page.wait_for_selector(f"{YOUR_MOVE}, {RESULT_SHOWN}", timeout=60_000)
        modal = page.locator(RESULT_SHOWN)
        if modal.count():
            modal.first.click()
            continue
        version = page.locator("#table-center").get_attribute("data-version")
        for selector in (
            "#table-hand .call-prompt button.pass",
            "#table-hand .hand-normal button.tile-button.drawn",
            "#table-hand .hand-normal button.tile-button",
        ):
            buttons = page.locator(selector)
            if buttons.count():
                target = buttons.last
                action = target.get_attribute("data-action")
                target.click()
                page.wait_for_selector(MOVED_ON.format(version), state="attached")
                return action
        page.wait_for_selector(MOVED_ON.format(version), state="attached")


def socket_holder() -> str:
    """The daphne port with an open connection from nginx: the page's socket (nginx
    keeps no other connection to a daphne open). Read from the kernel's table of TCP
    connections, which needs no tool installed."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        held = sorted({port for port in established_ports() if port in PORTS})
        if len(held) == 1:
            return held[0]
        time.sleep(0.1)  # the socket is being opened: the table has no event to wait on
    raise CheckFailed("cannot tell which daphne holds the page's socket")


def established_ports() -> list[str]:
    """The local ports of the machine's established TCP connections (IPv4)."""
    ports = []
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[3] == "01":  # ESTABLISHED
            ports.append(str(int(fields[1].split(":")[1], 16)))
    return ports


def same_game(d, game: int, clicked: list[str], when: str) -> None:
    log = json.loads(psql(d.name, f"SELECT log FROM tables_game WHERE id = {game}"))
    mine = [action for action in log if action.startswith("0:")]
    if mine != clicked:
        raise CheckFailed(f"{when}: stored moves of the seat {mine} != clicked {clicked}")
    print(f"   {when}: the {len(clicked)} clicked moves are stored once each, in order")


# --- backup and restore


def run_cron_line(d) -> Path:
    """The job in /etc/cron.d/club-backup, run as cron runs it: as the user it names,
    with /bin/sh and cron's environment plus the file's own variables; a % in it would
    be cut by cron, so it is refused."""
    cron = d.root / "etc" / "cron.d" / "club-backup"
    env = {"HOME": str(d.site), "LOGNAME": d.name, "SHELL": "/bin/sh", "PATH": "/usr/bin:/bin"}
    job = None
    for line in cron.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, value = line.partition("=")
        if sep and " " not in name:
            env[name] = value
            continue
        job = line.split(None, 6)
    if not job or len(job) < 7:
        raise CheckFailed("no job line in /etc/cron.d/club-backup")
    user, command = job[5], job[6]
    if user != d.name:
        raise CheckFailed(f"the backup job runs as {user}, not as the site's user")
    if re.search(r"(?<!\\)%", command):
        raise CheckFailed("the backup job has a %: cron would cut the line there")
    sh("runuser", "-u", user, "--", "env", "-i", *(f"{k}={v}" for k, v in env.items()),
       env["SHELL"], "-c", command, cwd="/")  # fmt: skip
    dumps = sorted((d.root / "var" / "backups" / "club").glob("club-*.dump"))
    if not dumps:
        raise CheckFailed("the backup job wrote no dump")
    print(f"   the cron job wrote {dumps[-1].name} ({dumps[-1].stat().st_size} bytes) as {user}")
    return dumps[-1]


def refused_while_running(d, dump: Path) -> None:
    done = subprocess.run(
        ["bash", "-c", 'set -a && . ./club.env && set +a && .venv/bin/python manage.py '
         f'restore --dry-run "{dump}"'],
        cwd=d.site, capture_output=True, text=True,
    )  # fmt: skip
    if done.returncode == 0 or "the site is running" not in done.stderr:
        raise CheckFailed(f"a restore over the running site was not refused: {done.stderr}")
    print("   a restore while the daphnes run is refused")


def check_owner(d) -> None:
    others = psql(
        d.name,
        f"SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tableowner <> '{d.name}'",
    )
    if others != "0":
        raise CheckFailed(f"after the restore {others} tables are not the site's own")
    print("   after the restore every table belongs to the site's role")


def play_on_after_restore(d, shots: Path | None) -> list[str]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser, page = browser_page(pw, {"width": 1280, "height": 800})
        sign_in(page, d)
        page.goto(d.table_url)
        page.wait_for_selector("#table-board")
        moves = [make_move(page) for _ in range(MOVES_RESTORED)]
        if shots:
            page.screenshot(path=str(shots / "after-restore-1280x800.png"))
        browser.close()
    return moves
