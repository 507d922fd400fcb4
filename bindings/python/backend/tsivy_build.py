"""The build backend (PEP 517) of the tsivy Python package: standard library only.

The package is pure Python over ctypes, so its wheel is a zip of tsivy/*.py with its
metadata (PEP 427), written here directly into the folder pip names. Nothing is written
into the source tree (no build/, no *.egg-info), and building needs neither setuptools
nor the `wheel` package, which many Pythons lack (setuptools before 70.1 cannot build
a wheel without it): `pip install --no-index --no-build-isolation bindings/python`
works offline with any Python 3.8 or later. The metadata comes from pyproject.toml's
[project] table.
"""

import base64
import hashlib
import io
import os
import re
import tarfile
import time
import zipfile

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # bindings/python
_PACKAGE = "tsivy"
# Zip entries carry this date, so that one source makes one wheel byte for byte.
_DATE = (2026, 1, 1, 0, 0, 0)


def _read(name: str) -> str:
    with open(os.path.join(_ROOT, name), encoding="utf-8") as f:
        return f.read()


def _project() -> dict:
    """The string fields of pyproject.toml's [project] (tomllib is Python 3.11's only)."""
    text = _read("pyproject.toml")
    section = re.search(r"^\[project\]\s*$(.*?)(?=^\[|\Z)", text, re.S | re.M)
    if not section:
        raise RuntimeError("pyproject.toml has no [project] table")
    fields = dict(re.findall(r'^([A-Za-z-]+)\s*=\s*"([^"]*)"', section.group(1), re.M))
    for key in ("name", "version", "description", "requires-python"):
        if key not in fields:
            raise RuntimeError(f"pyproject.toml's [project] has no {key}")
    fields["classifiers"] = re.findall(r'"([^"]+ :: [^"]+)"', section.group(1))
    return fields


def _dist_info(project: dict) -> str:
    return f"{project['name']}-{project['version']}.dist-info"


def _metadata(project: dict) -> str:
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project['description']}",
        "License: MIT",
        f"Requires-Python: {project['requires-python']}",
    ]
    lines += [f"Classifier: {c}" for c in project["classifiers"]]
    lines.append("Description-Content-Type: text/markdown")
    return "\n".join(lines) + "\n\n" + _read("README.md")


_WHEEL = "Wheel-Version: 1.0\nGenerator: tsivy_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"


def _package_files() -> list:
    """tsivy/*.py and its typing marker; nothing cmake --install or Python wrote beside them."""
    folder = os.path.join(_ROOT, _PACKAGE)
    names = sorted(n for n in os.listdir(folder)
                   if (n.endswith(".py") and n != "_installed.py") or n == "py.typed")
    return [(f"{_PACKAGE}/{n}", os.path.join(folder, n)) for n in names]


def _license() -> bytes:
    """The MIT licence, whose notice must go with copies: the repository's, or the one an
    sdist carries beside pyproject.toml."""
    for path in (os.path.join(_ROOT, "LICENSE"), os.path.join(_ROOT, "..", "..", "LICENSE")):
        if os.path.exists(path):
            with open(path, "rb") as f:
                return f.read()
    raise RuntimeError("LICENSE not found beside pyproject.toml nor at the repository's root")


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    project = _project()
    folder = os.path.join(metadata_directory, _dist_info(project))
    os.makedirs(folder, exist_ok=True)
    for name, text in (("METADATA", _metadata(project)), ("WHEEL", _WHEEL)):
        with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
            f.write(text)
    return _dist_info(project)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    project = _project()
    dist_info = _dist_info(project)
    name = f"{project['name']}-{project['version']}-py3-none-any.whl"
    records = []
    path = os.path.join(wheel_directory, name)
    with zipfile.ZipFile(path + ".tmp", "w", zipfile.ZIP_DEFLATED) as wheel:
        def add(arcname: str, data: bytes) -> None:
            info = zipfile.ZipInfo(arcname, _DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            records.append(f"{arcname},sha256={digest},{len(data)}")

        for arcname, source in _package_files():
            with open(source, "rb") as f:
                add(arcname, f.read())
        add(f"{dist_info}/METADATA", _metadata(project).encode())
        add(f"{dist_info}/LICENSE", _license())
        add(f"{dist_info}/WHEEL", _WHEEL.encode())
        records.append(f"{dist_info}/RECORD,,")
        info = zipfile.ZipInfo(f"{dist_info}/RECORD", _DATE)
        info.external_attr = 0o644 << 16
        wheel.writestr(info, "\n".join(records) + "\n")
    os.replace(path + ".tmp", path)
    return name


def build_sdist(sdist_directory, config_settings=None):
    project = _project()
    base = f"{project['name']}-{project['version']}"
    name = f"{base}.tar.gz"
    path = os.path.join(sdist_directory, name)
    members = [("pyproject.toml", os.path.join(_ROOT, "pyproject.toml")),
               ("README.md", os.path.join(_ROOT, "README.md")),
               ("backend/tsivy_build.py", os.path.abspath(__file__))] + _package_files()
    with tarfile.open(path + ".tmp", "w:gz", format=tarfile.PAX_FORMAT) as sdist:
        def add(arcname: str, data: bytes) -> None:
            info = tarfile.TarInfo(f"{base}/{arcname}")
            info.size, info.mode, info.mtime = len(data), 0o644, time.mktime(_DATE + (0, 0, -1))
            sdist.addfile(info, io.BytesIO(data))

        for arcname, source in members:
            with open(source, "rb") as f:
                add(arcname, f.read())
        add("PKG-INFO", _metadata(project).encode())
        add("LICENSE", _license())
    os.replace(path + ".tmp", path)
    return name
