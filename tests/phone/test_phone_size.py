"""The offline web app's size (issue 35): at most 40 MB on disk and 15 MB transferred by a first
visit with gzip (every file of the site: the service worker stores them all)."""

from __future__ import annotations

import tarfile

from tests.phone.site import site_sizes

MB = 1_000_000


def test_site_is_at_most_40_mb_on_disk_and_15_mb_on_a_first_visit(site) -> None:
    disk, transfer = site_sizes(site)
    assert disk <= 40 * MB, f"{disk / MB:.1f} MB on disk"
    assert transfer <= 15 * MB, f"{transfer / MB:.1f} MB transferred"


def test_the_app_ships_a_lemma_table_not_pymorphy3s_dictionaries(site) -> None:
    with tarfile.open(site / "app.tar.gz") as tar:
        names = tar.getnames()
    assert "companion/_lemmas.tsv" in names
    assert not [n for n in names if "pymorphy3" in n or n.endswith(".dawg")]
