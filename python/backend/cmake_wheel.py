"""The build backend of the fenkit Python package (PEP 517): builds the module with CMake and
packs what `cmake --install --component python` installs into a wheel.

It needs nothing beyond the standard library and CMake, so that `pip install
--no-build-isolation .` and `python3 -m build --wheel --no-isolation` work on a machine with
only its distribution's packages and no package index (Debian 12 has no scikit-build-core).
What CMake is told comes from pyproject.toml ([tool.fenkit.wheel]); the package's name,
version and requirements from its [project] table.

`pip install -e .` (PEP 660) builds in a folder that stays, build-editable/ in the source tree
unless build-dir says otherwise, and installs a .pth file that puts its python/ folder on
sys.path: the package is imported from the build. After an edit, Python or C++, run
`cmake --build build-editable` (CMake copies the changed .py files and rebuilds the module).

Config settings (`pip install -C key=value`, `python3 -m build -C key=value`):
  build-dir=PATH           keep the CMake build there, so that the next build is incremental
                           (by default a temporary folder, removed afterwards; for an
                           editable install, build-editable/ in the source tree)
  cmake.define.NAME=VALUE  one more CMake cache entry (e.g. cmake.define.FENKIT_NATIVE=ON)
The CMAKE_ARGS environment variable adds arguments to the configure step, as elsewhere.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import io
import os
import pathlib
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import zipfile

try:
    import tomllib
except ModuleNotFoundError:  # Python before 3.11
    import tomli as tomllib  # type: ignore[no-redef]

SOURCE_DIR = pathlib.Path(__file__).resolve().parents[2]


def _pyproject() -> dict:
    with open(SOURCE_DIR / "pyproject.toml", "rb") as f:
        return tomllib.load(f)


def _project() -> dict:
    return _pyproject()["project"]


def _distribution() -> str:
    """The name as wheel and sdist file names spell it (PEP 427: runs of -_. become _)."""
    name = _project()["name"]
    return "_".join(part for part in name.replace("-", "_").replace(".", "_").split("_") if part)


def _metadata() -> str:
    """Core metadata 2.1 (METADATA in a wheel, PKG-INFO in an sdist) from [project]."""
    project = _project()
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
    ]
    if "description" in project:
        lines.append(f"Summary: {project['description']}")
    if "requires-python" in project:
        lines.append(f"Requires-Python: {project['requires-python']}")
    lines += [f"Requires-Dist: {requirement}" for requirement in project.get("dependencies", [])]
    for extra, requirements in project.get("optional-dependencies", {}).items():
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {r}; extra == "{extra}"' for r in requirements]
    readme = project.get("readme")
    body = ""
    if readme:
        lines.append("Description-Content-Type: text/markdown")
        body = (SOURCE_DIR / readme).read_text(encoding="utf-8")
    return "\n".join(lines) + "\n\n" + body


def _wheel_tag() -> str:
    """The tag of an extension module for this interpreter and platform (cp311-cp311-linux_x86_64)."""
    version = f"{sys.version_info.major}{sys.version_info.minor}"
    implementation = {"cpython": "cp", "pypy": "pp"}.get(sys.implementation.name, "py")
    abi = f"{implementation}{version}{getattr(sys, 'abiflags', '')}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{implementation}{version}-{abi}-{platform}"


def _cmake_defines(config_settings: dict | None) -> dict[str, str]:
    defines = dict(_pyproject().get("tool", {}).get("fenkit", {}).get("wheel", {}).get("cmake-define", {}))
    for key, value in (config_settings or {}).items():
        if key.startswith("cmake.define."):
            defines[key[len("cmake.define."):]] = str(value)
    return {name: str(value) for name, value in defines.items()}


def _pybind11_dir() -> str | None:
    """pybind11's CMake files as its Python package knows them (a pip-installed pybind11);
    None leaves the search to CMake (a distribution's pybind11-dev)."""
    try:
        import pybind11
        directory = pybind11.get_cmake_dir()
    except Exception:
        return None
    return directory if os.path.isdir(directory) else None


def _run(command: list[str]) -> None:
    print("+", shlex.join(command), flush=True)
    subprocess.run(command, check=True)


@contextlib.contextmanager
def _build_dir(config_settings: dict | None, default: pathlib.Path | None = None):
    chosen = (config_settings or {}).get("build-dir") or default
    if chosen:
        path = pathlib.Path(chosen).resolve()
        path.mkdir(parents=True, exist_ok=True)
        yield path
    else:
        with tempfile.TemporaryDirectory(prefix="fenkit-wheel-") as temporary:
            yield pathlib.Path(temporary)


def _configure_and_build(build: pathlib.Path, config_settings: dict | None) -> None:
    configure = ["cmake", "-S", str(SOURCE_DIR), "-B", str(build),
                 f"-DPython3_EXECUTABLE={sys.executable}"]
    configure += [f"-D{name}={value}" for name, value in _cmake_defines(config_settings).items()]
    pybind11_dir = _pybind11_dir()
    if pybind11_dir:
        configure.append(f"-Dpybind11_DIR={pybind11_dir}")
    configure += shlex.split(os.environ.get("CMAKE_ARGS", ""))
    _run(configure)
    jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
    _run(["cmake", "--build", str(build), "--parallel", jobs])


def _install_into(staging: pathlib.Path, config_settings: dict | None) -> None:
    """Configures, builds and installs the package's files into `staging` (the wheel's root)."""
    with _build_dir(config_settings) as build:
        _configure_and_build(build, config_settings)
        _run(["cmake", "--install", str(build), "--component", "python", "--prefix", str(staging)])


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def _dist_info_name() -> str:
    return f"{_distribution()}-{_project()['version']}.dist-info"


def _write_dist_info(directory: pathlib.Path, tag: str) -> pathlib.Path:
    dist_info = directory / _dist_info_name()
    dist_info.mkdir(parents=True, exist_ok=True)
    (dist_info / "METADATA").write_text(_metadata(), encoding="utf-8")
    (dist_info / "WHEEL").write_text(
        f"Wheel-Version: 1.0\nGenerator: fenkit cmake_wheel\nRoot-Is-Purelib: false\nTag: {tag}\n",
        encoding="utf-8")
    return dist_info


def _pack_wheel(root: pathlib.Path, wheel_path: pathlib.Path) -> None:
    """Zips `root` as a wheel: every file, then RECORD with each one's hash and size."""
    dist_info = _dist_info_name()
    files = sorted(p for p in root.rglob("*") if p.is_file())
    # The .dist-info folder goes last, as wheels conventionally end with it.
    files.sort(key=lambda p: p.relative_to(root).parts[0] == dist_info)
    record = []
    with zipfile.ZipFile(wheel_path, "w", compression=zipfile.ZIP_DEFLATED) as wheel:
        for path in files:
            name = path.relative_to(root).as_posix()
            data = path.read_bytes()
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = (path.stat().st_mode & 0o777 | 0o100000) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
            record.append(_record_line(name, data))
        record.append(f"{dist_info}/RECORD,,")
        info = zipfile.ZipInfo(f"{dist_info}/RECORD", date_time=(1980, 1, 1, 0, 0, 0))
        info.external_attr = 0o100644 << 16
        wheel.writestr(info, "\n".join(record) + "\n", compress_type=zipfile.ZIP_DEFLATED)


# PEP 517 hooks

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    dist_info = _write_dist_info(pathlib.Path(metadata_directory), _wheel_tag())
    return dist_info.name


def _make_wheel(wheel_directory, fill) -> str:
    """A wheel of what `fill(root)` puts into its root, with the .dist-info folder."""
    tag = _wheel_tag()
    wheel_name = f"{_distribution()}-{_project()['version']}-{tag}.whl"
    with tempfile.TemporaryDirectory(prefix="fenkit-wheel-root-") as staging:
        root = pathlib.Path(staging)
        fill(root)
        _write_dist_info(root, tag)
        out = pathlib.Path(wheel_directory)
        out.mkdir(parents=True, exist_ok=True)
        _pack_wheel(root, out / wheel_name)
    return wheel_name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return _make_wheel(wheel_directory, lambda root: _install_into(root, config_settings))


# PEP 660: editable installs

def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_editable(metadata_directory, config_settings=None):
    return prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    def fill(root: pathlib.Path) -> None:
        with _build_dir(config_settings, SOURCE_DIR / "build-editable") as build:
            _configure_and_build(build, config_settings)
            # The package as the build tree holds it: the module beside copies of the .py files.
            package_dir = build / "python"
            if not (package_dir / "fenkit" / "__init__.py").is_file():
                raise RuntimeError(f"the build left no package in {package_dir}")
            (root / "_fenkit_editable.pth").write_text(f"{package_dir}\n", encoding="utf-8")
    return _make_wheel(wheel_directory, fill)


def _source_files() -> list[str]:
    """The files of the source distribution: what git tracks or would (not ignored), or without
    git every file but build folders."""
    if (SOURCE_DIR / ".git").exists():
        try:
            listed = subprocess.run(["git", "-C", str(SOURCE_DIR), "ls-files", "-z", "--cached",
                                     "--others", "--exclude-standard"], check=True,
                                    capture_output=True).stdout
            return sorted(name for name in listed.decode().split("\0")
                          if name and (SOURCE_DIR / name).is_file())
        except (OSError, subprocess.CalledProcessError):
            pass
    skip = ("build", ".git", "dist")
    return sorted(p.relative_to(SOURCE_DIR).as_posix() for p in SOURCE_DIR.rglob("*")
                  if p.is_file() and not p.relative_to(SOURCE_DIR).parts[0].startswith(skip))


def build_sdist(sdist_directory, config_settings=None):
    base = f"{_distribution()}-{_project()['version']}"
    out = pathlib.Path(sdist_directory)
    out.mkdir(parents=True, exist_ok=True)
    with tarfile.open(out / f"{base}.tar.gz", "w:gz", format=tarfile.PAX_FORMAT) as sdist:
        for name in _source_files():
            sdist.add(SOURCE_DIR / name, arcname=f"{base}/{name}", recursive=False)
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        data = _metadata().encode()
        info.size = len(data)
        info.mode = 0o644
        sdist.addfile(info, fileobj=io.BytesIO(data))
    return f"{base}.tar.gz"
