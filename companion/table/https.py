"""``companion --lan --https``: a self-signed TLS certificate made on this machine.

Browsers keep a phone's screen awake (Wake Lock) only on https or localhost, so table mode
can serve https with a certificate made here on first use (``cryptography``) and kept in
``<data dir>/tls/``. Nobody vouches for it: each phone shows a warning once, and the table
can compare the certificate's SHA-256 fingerprint shown on the host with the one the phone's
browser shows. The certificate is made again when it does not name the current address.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import os
import socket
from pathlib import Path

from companion.errors import StoreError

__all__ = ["ensure_certificate", "fingerprint", "spaced_fingerprint"]

DAYS = 825  # the longest validity Apple platforms accept for a TLS server certificate


def _names(addresses: list[str]) -> tuple[list[ipaddress._BaseAddress], list[str]]:
    ips, dns = [], ["localhost"]
    for a in addresses:
        try:
            ips.append(ipaddress.ip_address(a))
        except ValueError:
            dns.append(a)
    return ips, dns


def _covers(cert_path: Path, addresses: list[str]) -> bool:
    from cryptography import x509

    try:
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
        san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except (OSError, ValueError, x509.ExtensionNotFound):
        return False
    have = {str(ip) for ip in san.get_values_for_type(x509.IPAddress)}
    have |= set(san.get_values_for_type(x509.DNSName))
    now = dt.datetime.now(dt.UTC)
    return set(addresses) <= have and cert.not_valid_after_utc > now + dt.timedelta(days=7)


def ensure_certificate(root: Path, addresses: list[str]) -> tuple[Path, Path]:
    """``(certificate, key)`` PEM paths in ``<root>/tls``, made when missing, expiring or not
    naming every address in ``addresses`` (IP addresses or host names).

    :raises StoreError: if the data folder refuses the files.
    """
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    folder = Path(root) / "tls"
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    wanted = sorted({*addresses, "127.0.0.1", "localhost"})
    if key_path.exists() and _covers(cert_path, wanted):
        return cert_path, key_path
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.COMMON_NAME, f"Table Companion ({socket.gethostname()})"),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Table Companion"),
        ]
    )
    ips, dns = _names(wanted)
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(hours=1))
        .not_valid_after(now + dt.timedelta(days=DAYS))
        .add_extension(
            x509.SubjectAlternativeName(
                [*(x509.DNSName(d) for d in sorted(set(dns))), *(x509.IPAddress(i) for i in ips)]
            ),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False
        )
        .sign(key, hashes.SHA256())
    )
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(
                key.private_bytes(
                    serialization.Encoding.PEM,
                    serialization.PrivateFormat.PKCS8,
                    serialization.NoEncryption(),
                )
            )
        cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    except OSError as exc:
        raise StoreError(
            f"Не удалось сохранить сертификат в {folder}: {exc.strerror or exc}."
        ) from exc
    return cert_path, key_path


def fingerprint(cert_path: Path) -> str:
    """SHA-256 fingerprint of the certificate, as browsers show it: ``AB:CD:…`` (32 bytes)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes

    cert = x509.load_pem_x509_certificate(Path(cert_path).read_bytes())
    return ":".join(f"{b:02X}" for b in cert.fingerprint(hashes.SHA256()))


def spaced_fingerprint(fp: str, per_line: int = 8) -> str:
    """The fingerprint in lines of ``per_line`` bytes, easier to compare by eye."""
    parts = fp.split(":")
    return "\n".join(":".join(parts[i : i + per_line]) for i in range(0, len(parts), per_line))
