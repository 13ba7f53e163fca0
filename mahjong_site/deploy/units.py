"""The deployment check's stand-in for systemd (no systemd runs as PID 1 here): start
and stop ``club-daphne@PORT`` as the installed unit file says, and read an environment
file the way systemd's ``EnvironmentFile=`` does.

``check.py units start PORT...`` / ``check.py units stop PORT...``, called by the
README's blocks in place of their ``systemctl`` lines (recipe.STAND_INS); the check
kills a daphne itself to see the failover.
"""

from __future__ import annotations

import grp
import os
import pwd
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

UNIT = "club-daphne@.service"
START_SECONDS = 60.0


def parse_unit(text: str) -> dict[str, str]:
    """The [Service] section's settings (the last one of a name wins, as in systemd)."""
    section, found = "", {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            section = line
        elif section == "[Service]" and "=" in line:
            key, value = line.split("=", 1)
            found[key.strip()] = value.strip()
    return found


def parse_env_file(text: str) -> dict[str, str]:
    """KEY=VALUE lines as systemd reads them: comments (# or ;) and blank lines skipped,
    a line ending in a backslash continued, whitespace around the value dropped, and a
    value wholly in single or double quotes unquoted (in double quotes a backslash
    escapes the next character)."""
    values: dict[str, str] = {}
    text = text.replace("\\\n", "")
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;" or "=" not in line:
            continue
        key, value = (part.strip() for part in line.split("=", 1))
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            quote, value = value[0], value[1:-1]
            if quote == '"':
                out, escaped = [], False
                for char in value:
                    if escaped or char != "\\":
                        out.append(char)
                        escaped = False
                    else:
                        escaped = True
                value = "".join(out)
        values[key] = value
    return values


def service_environment(unit: dict[str, str]) -> dict[str, str]:
    """What systemd gives the service: its own few variables, then the file's."""
    user = pwd.getpwnam(unit["User"])
    env = {
        "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
        "LANG": "C.UTF-8",
        "USER": user.pw_name,
        "LOGNAME": user.pw_name,
        "HOME": user.pw_dir,
        "SHELL": user.pw_shell,
    }
    path = unit.get("EnvironmentFile", "").lstrip("-")
    if path:
        env.update(parse_env_file(Path(path).read_text()))
    return env


def verify(unit_dir: Path, port: str) -> None:
    """systemd's own check of the unit file, where systemd-analyze is installed."""
    if shutil.which("systemd-analyze") is None:
        return
    done = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", str(unit_dir / UNIT.replace("@", f"@{port}"))],
        capture_output=True,
        text=True,
    )
    said = (done.stdout + done.stderr).strip()
    if done.returncode or said:
        raise SystemExit(f"systemd-analyze verify refuses the unit:\n{said}")


def pid_file(root: Path, port: str) -> Path:
    return root / "run" / f"daphne-{port}.pid"


def start(root: Path, port: str) -> int:
    unit_dir = root / "etc" / "systemd" / "system"
    unit = parse_unit((unit_dir / UNIT).read_text())
    verify(unit_dir, port)
    user = pwd.getpwnam(unit["User"])
    group = grp.getgrnam(unit.get("Group", user.pw_name))
    command = shlex.split(unit["ExecStart"].replace("%i", port))
    log = (root / "log" / f"daphne-{port}.log").open("ab")
    process = subprocess.Popen(
        command,
        cwd=unit.get("WorkingDirectory", "/"),
        env=service_environment(unit),
        user=user.pw_uid,
        group=group.gr_gid,
        extra_groups=os.getgrouplist(user.pw_name, group.gr_gid),
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    pid_file(root, port).write_text(str(process.pid))
    deadline = time.monotonic() + START_SECONDS
    while not listening(int(port)):
        if process.poll() is not None or time.monotonic() > deadline:
            tail = (root / "log" / f"daphne-{port}.log").read_text()[-3000:]
            raise SystemExit(f"daphne on {port} did not start:\n{tail}")
        time.sleep(0.1)  # polling a port that is coming up: there is no event to wait on
    return process.pid


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def stop(root: Path, port: str, sig: int = signal.SIGTERM) -> None:
    path = pid_file(root, port)
    if not path.exists():
        return
    pid = int(path.read_text())
    if alive(pid):
        os.kill(pid, sig)
    deadline = time.monotonic() + 15
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    if alive(pid):
        os.kill(pid, signal.SIGKILL)
    path.unlink()


def stop_all(root: Path) -> None:
    for path in (root / "run").glob("daphne-*.pid"):
        stop(root, path.stem.split("-", 1)[1])


def listening(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def main(argv: list[str]) -> int:
    action, ports = argv[0], argv[1:]
    root = Path(os.environ["DEPLOYCHECK_ROOT"])
    for port in ports:
        if action == "start":
            print(f"club-daphne@{port}: started, pid {start(root, port)}", flush=True)
        elif action == "stop":
            stop(root, port)
            print(f"club-daphne@{port}: stopped", flush=True)
        else:
            print(f"units: start or stop, not {action}", file=sys.stderr)
            return 2
    return 0
