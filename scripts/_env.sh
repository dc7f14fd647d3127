# shellcheck shell=bash
# Sourced by scripts/run-tests and scripts/run-app: installs system packages
# (as root), creates .venv and installs the project into it.

cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1

# systemd (systemd-analyze) and the script linter: the checks of deploy/ and systemd/ (tests/deploy);
# debootstrap and qemu-user-static: the arm64 roots of scripts/check-arm64
APT_PACKAGES=(python3-venv libegl1 libegl-mesa0 libgl1 libgl1-mesa-dri libmtdev1 xvfb shellcheck systemd
    debootstrap qemu-user-static
    xdotool     # keys typed into the kiosk's real window (tests/companion/app/test_kiosk_keys.py)
    dosfstools) # a FAT image as a USB stick (tests/companion/app/test_stick*.py)

# shellcheck source=scripts/_apt.sh
source scripts/_apt.sh

install_apt_packages() {
    [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null || return 0
    local missing=() p
    for p in "${APT_PACKAGES[@]}"; do
        dpkg -s "$p" 2>/dev/null | grep -q '^Status: install ok installed' || missing+=("$p")
    done
    ((${#missing[@]})) || return 0
    echo "== installing system packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt_get update -qq
    apt_get install -y -qq --no-install-recommends "${missing[@]}"
}

find_python() {
    local py
    for py in "${PYTHON:-python3}" python3.13 python3.12 python3.11; do
        if command -v "$py" >/dev/null &&
            "$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
            echo "$py"
            return 0
        fi
    done
    echo "error: no python >= 3.11 found (set PYTHON=/path/to/python3.11)" >&2
    return 1
}

create_venv() {
    .venv/bin/python -c '' 2>/dev/null && return 0
    local py
    py=$(find_python)
    echo "== creating .venv with $py ($("$py" --version 2>&1))"
    rm -rf .venv
    if ! "$py" -m venv .venv; then
        rm -rf .venv
        if "$py" -m virtualenv --version >/dev/null 2>&1; then
            echo "== venv failed, falling back to virtualenv"
            "$py" -m virtualenv -q .venv
        else
            echo "error: cannot create .venv with '$py -m venv';" \
                "install python3-venv (apt-get install python3-venv) or set PYTHON" >&2
            return 1
        fi
    fi
}

install_project() {
    local stamp
    stamp=".venv/.installed-$(sha256sum pyproject.toml | cut -d' ' -f1)"
    [[ -e $stamp ]] && return 0
    echo "== installing python packages into .venv"
    .venv/bin/python -m pip install -q --upgrade pip
    .venv/bin/python -m pip install -q -e '.[test]'
    rm -f .venv/.installed-*
    touch "$stamp"
}

install_apt_packages
create_venv
install_project
