"""The dev checks' virtual environment (target/dev-venv): official libraries
that outbox's code did not write, installed from PyPI on first use."""

import os
import subprocess
import venv

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, "target", "dev-venv")


def python_with(module: str, package: str) -> str | None:
    """The venv's python once `import module` works there (installing
    `package` if it does not yet), or None when it cannot be installed."""
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        venv.create(VENV, with_pip=True)
    check = subprocess.run([python, "-c", f"import {module}"], capture_output=True)
    if check.returncode != 0:
        installed = subprocess.run([python, "-m", "pip", "install", "-q", package])
        if installed.returncode != 0:
            return None
    return python
