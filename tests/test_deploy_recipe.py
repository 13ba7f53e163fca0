"""The README's deployment recipe as `make deploy-check` runs it (mahjong_site/deploy/):
a README command broken on purpose fails the check before anything is installed, the
check runs every other line as written with only its listed substitutions, and the
example files hold what the recipe needs."""

import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "mahjong_site" / "deploy"
README = (ROOT / "README.md").read_text()


def load(name):
    spec = importlib.util.spec_from_file_location(f"deploy_{name}", DEPLOY / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (a dataclass looks its module up there)
    spec.loader.exec_module(module)
    return module


recipe = load("recipe")
units = load("units")


def dry_check(tmp_path, readme: str) -> subprocess.CompletedProcess:
    copy = tmp_path / "README.md"
    copy.write_text(readme)
    return subprocess.run(
        [sys.executable, str(DEPLOY / "check.py"), "--dry", "--readme", str(copy)],
        capture_output=True,
        text=True,
        timeout=60,
    )


def broken(old: str, new: str) -> str:
    assert README.count(old) == 1, old
    return README.replace(old, new)


def test_the_readmes_recipe_passes_the_checks_lint(tmp_path):
    done = dry_check(tmp_path, README)
    assert done.returncode == 0, done.stderr
    assert "the recipe looks runnable" in done.stdout


def test_a_misspelt_program_in_a_readme_command_fails_the_check_before_anything_runs(tmp_path):
    done = dry_check(
        tmp_path, broken("runuser -u postgres -- dropdb", "runusr -u postgres -- dropdb")
    )
    assert done.returncode == 1
    assert "block restore: `runusr` is not a command here" in done.stderr


def test_an_edited_systemctl_line_is_no_longer_a_stand_in_and_fails_the_check(tmp_path):
    done = dry_check(
        tmp_path,
        broken(
            "systemctl stop club-daphne@8001 club-daphne@8002",
            "systemctl stop club-daphne@8001",
        ),
    )
    assert done.returncode == 1
    assert "no stand-in for `systemctl stop club-daphne@8001`" in done.stderr


def test_a_shell_syntax_error_in_a_readme_command_fails_the_check(tmp_path):
    done = dry_check(tmp_path, broken('-subj "/CN=$HOST"', '-subj "/CN=$HOST'))
    assert done.returncode == 1
    assert "block serve" in done.stderr


def test_a_readme_without_one_of_the_blocks_fails_the_check(tmp_path):
    done = dry_check(tmp_path, README.replace("```sh deploy-check backup", "```sh"))
    assert done.returncode == 1
    assert "no deploy-check block backup" in done.stderr


def test_every_stand_in_replaces_a_line_the_readme_has():
    blocks = recipe.blocks(README)
    lines = {recipe.without_comment(line) for body in blocks.values() for line in recipe.logical_lines(body)}  # fmt: skip
    assert set(recipe.STAND_INS) <= lines


def test_the_check_runs_every_other_readme_line_with_only_its_substitutions(tmp_path):
    place = recipe.Place(tmp_path, "deploycheck_1", tmp_path / "source")
    blocks = recipe.blocks(README)
    for name in recipe.BLOCKS:
        lines = recipe.logical_lines(blocks[name])
        script = recipe.script(lines, place)
        for line in lines:
            if recipe.without_comment(line) not in recipe.STAND_INS:
                assert place.apply(line) in script
        # nothing of the real machine's is touched: every path is under the temporary
        # directory, the names are the throw-away ones
        for real in ("mjclub", " /srv/", " /etc/", " /var/", ":8001", "club.example.org"):
            assert real not in script.replace(str(tmp_path), "<tmp>"), (name, real)


def test_the_example_environment_file_reads_the_same_in_systemd_and_the_shell():
    text = (DEPLOY / "club.env.example").read_text()
    assert units.parse_env_file(text) == shell_values(text)
    assert units.parse_env_file(text)["CLUB_NAME"] == "Our Riichi Club"


def test_an_unquoted_value_with_a_space_reads_differently_in_the_shell():
    # what the example file used to say: systemd reads the name, the shell runs "Riichi"
    text = "CLUB_NAME=Our Riichi Club\n"
    assert units.parse_env_file(text) == {"CLUB_NAME": "Our Riichi Club"}
    assert shell_values(text) != units.parse_env_file(text)


def shell_values(text: str) -> dict[str, str]:
    done = subprocess.run(
        ["env", "-i", "bash", "-c", f"set -a; {text}\nset +a; env"],
        capture_output=True,
        text=True,
    )
    names = units.parse_env_file(text)
    found = dict(line.split("=", 1) for line in done.stdout.splitlines() if "=" in line)
    return {name: found[name] for name in names if name in found}


def test_the_backup_job_runs_as_the_sites_user_and_has_no_percent_sign():
    job = [
        line
        for line in (DEPLOY / "club-backup.cron").read_text().splitlines()
        if line and not line.startswith("#") and "=" not in line.split()[0]
    ]
    assert len(job) == 1
    fields = job[0].split(None, 6)
    assert fields[5] == recipe.SITE_USER
    assert "%" not in fields[6]
    assert "manage.py backup" in fields[6]


def test_the_unit_runs_daphne_as_the_sites_user_with_the_environment_file():
    unit = units.parse_unit((DEPLOY / "club-daphne@.service").read_text())
    assert unit["User"] == recipe.SITE_USER
    assert unit["EnvironmentFile"] == "/srv/club/club.env"
    assert "-p %i mahjong_site.asgi:application" in unit["ExecStart"]


def test_the_nginx_site_spreads_by_session_cookie_and_sends_static_files_compressed():
    site = (DEPLOY / "nginx.conf").read_text()
    directives = [line.split("#")[0].strip() for line in site.splitlines()]
    assert "hash $club_affinity consistent;" in directives
    assert "ip_hash;" not in directives
    assert "gzip_static on;" in directives and "expires max;" in directives


def test_the_sites_environment_file_is_ignored_by_git():
    done = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "-q", "--no-index", "club.env"])
    assert done.returncode == 0


def test_pip_install_takes_the_sites_packages_and_leaves_the_tests_and_tools_out():
    setuptools = pytest.importorskip("setuptools")
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    include = pyproject["tool"]["setuptools"]["packages"]["find"]["include"]
    found = set(setuptools.find_packages(where=str(ROOT), include=include))
    wanted = {
        "mahjong_site", "mahjong_site.management.commands", "rules", "rules.engine",
        "rules.engine.bots", "players", "tables", "tables.migrations", "history",
        "history.logs", "tournaments",
    }  # fmt: skip
    assert wanted <= found
    assert not {p for p in found if p.split(".")[0] in ("tests", "devtools", "typings")}
