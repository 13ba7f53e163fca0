"""How pages name the static files: by their content's hash, always once collected.

The storage is WhiteNoise's: ``collectstatic`` writes each file a second time under a
name holding a hash of its content (``css/site.3f2a1c9b8e7d.css``), a ``.gz`` beside
every compressible one (text, SVG) and a manifest mapping the names. A hashed name
never changes its content, so WhiteNoise (and nginx) may tell the browser to keep it
for good (``Cache-Control: max-age=…, immutable``) and a second visit asks for none of
them, not even to revalidate.

Django's own storage links the plain names whenever ``DEBUG`` is on, and WhiteNoise
marks a file immutable only when the storage links its hashed name; so ``make run``
(``DEBUG`` on, ``collectstatic`` done) would send every file with ``max-age=0`` and a
page would revalidate each of them on every visit. Here the hashed names are linked
whenever the manifest is there; with ``DEBUG`` on and no ``collectstatic`` run (a
development server on the source files) the plain names still are, which the static
file finders serve. With ``DEBUG=0`` a missing manifest stops the site at start-up
(:mod:`mahjong_site.startup`).
"""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class HashedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    def url(self, name, force=False):
        return super().url(name, force=force or bool(self.hashed_files))
