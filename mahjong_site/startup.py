"""Checks made when the site starts serving, so a half-deployed site stops at once
with a message instead of answering 500 on every page.

With ``DEBUG=0`` pages name their static files through the manifest that
``collectstatic`` writes; without it every ``{% static %}`` tag would fail. The ASGI
entry point calls :func:`check_static_files` before serving, and
``manage.py check --deploy`` reports the same problem.
"""

from __future__ import annotations

from django.conf import settings
from django.core.checks import Error, register
from django.core.exceptions import ImproperlyConfigured


def static_files_problem() -> str | None:
    """What is wrong with the collected static files, or None."""
    if settings.DEBUG:
        return None
    from django.contrib.staticfiles.storage import staticfiles_storage

    manifest = getattr(staticfiles_storage, "manifest_name", None)
    if manifest is None:
        return None
    try:
        present = staticfiles_storage.exists(manifest)
    except Exception as exc:  # an unreadable STATIC_ROOT is the same problem
        present = False
        manifest = f"{manifest} ({exc})"
    if present:
        return None
    return (
        f"DEBUG=0 serves static files from STATIC_ROOT ({settings.STATIC_ROOT}), but "
        f"{manifest} is not there: run `python manage.py collectstatic --noinput` "
        "(with the same environment) before starting the site."
    )


def check_static_files() -> None:
    problem = static_files_problem()
    if problem:
        raise ImproperlyConfigured(problem)


@register(deploy=True)
def collected_static_files(app_configs=None, **kwargs):
    problem = static_files_problem()
    return [Error(problem, id="mahjong_site.E001")] if problem else []
