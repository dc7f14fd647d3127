#!/usr/bin/env bash
# Installs companion on Raspberry Pi OS 64-bit, Trixie or Bookworm (Pi 3B+, 4, 5, Zero 2 W), the
# app full screen on the touch display at every boot (docs/install.md). Run it again to update: the
# journal (/var/lib/companion) and the settings (/etc/companion) are kept, and a second run with
# nothing new changes nothing. The app's Python dependencies come from the lock of the system's
# Python (deploy/lock/, made by deploy/make-lock), each checked by its hash.
#
#   sudo deploy/install.sh                 install or update from this checkout
#   sudo deploy/install.sh --wheel FILE    ... from a wheel built before (deploy/build-wheel)
#   sudo deploy/install.sh --desktop       start the app inside the desktop session, not as the kiosk
#   sudo deploy/install.sh --kiosk         back to the kiosk (the default)
#   sudo deploy/install.sh --uninstall     remove the app, its service and its rules; keep the journal
#                                          and the settings
#   deploy/install.sh --dry-run ...        say what would change; change nothing
#   deploy/install.sh --root DIR ...       act on DIR as if it were / (for tests): no apt, no
#                                          systemctl start or reload, no root needed
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
PREFIX=/opt/companion
CONFIG=/etc/companion
STATE=/var/lib/companion
UNITS=(companion.service companion-dice-emulator.service)
# The kiosk's USB sticks (deploy/stick/README.md): mounted for the app when plugged in, unmounted
# as root when the app asks; a desktop's own automounter does both there. SOURCE TARGET MODE:
STICK_FILES=(
    "98-companion-stick.rules /etc/udev/rules.d/98-companion-stick.rules 0644"
    "companion-stick-mount $PREFIX/bin/companion-stick-mount 0755"
    "companion-stick-eject $PREFIX/bin/companion-stick-eject 0755"
    "companion-stick.tmpfiles /etc/tmpfiles.d/companion-stick.conf 0644"
    "companion-stick-eject.path /etc/systemd/system/companion-stick-eject.path 0644"
    "companion-stick-eject.service /etc/systemd/system/companion-stick-eject.service 0644"
)
RELEASES=(trixie bookworm) # Raspberry Pi OS's Debian releases, the newest first
# What the app needs from the system, the same on both releases (tests/deploy/test_install.py
# checks the list against every library the installed wheels link or load):
APT_PACKAGES=(
    python3 python3-venv
    python3-lgpio             # gpiozero's pin factory (the Raspberry Pi archive; PyPI's lgpio is source only)
    libgl1                    # libGL.so.1: Kivy's GL backend links it, even where GL ES draws
    libegl1 libegl-mesa0      # libEGL.so.1 and Mesa's EGL: SDL's KMS/DRM video loads them
    libgles2                  # libGLESv2.so.2, loaded by SDL
    libgbm1 libdrm2           # libgbm.so.1, libdrm.so.2: SDL's KMS/DRM video loads them
    libgl1-mesa-dri           # the GPU's drivers (V3D, VC4) and llvmpipe
    libudev1                  # libudev.so.1: SDL finds the touchscreen with it
    zlib1g libstdc++6 libgcc-s1 libc6 # linked by SDL2_ttf, libpng and every extension module
    dosfstools exfatprogs     # fsck.vfat, fsck.exfat: systemd checks a stick before mounting it (deploy/stick)
)
# ... and what each release names otherwise: Debian 13 renamed libraries in its 64-bit time_t move
APT_BOOKWORM=(libmtdev1) # libmtdev.so.1, for Kivy's mtdev touch input
APT_TRIXIE=(libmtdev1t64)
GROUPS_NEEDED=(video render input gpio dialout)
MODELS=("Raspberry Pi 3 Model B Plus*" "Raspberry Pi 4*" "Raspberry Pi 400*" "Raspberry Pi Compute Module 4*"
    "Raspberry Pi 5*" "Raspberry Pi 500*" "Raspberry Pi Compute Module 5*" "Raspberry Pi Zero 2 W*")

root=/
codename=""
lock=""
dry_run=no
action=install_app
session=""
wheel=""
python=${PYTHON:-/usr/bin/python3}

usage() {
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
}

refuse() {
    echo "install.sh: $*" >&2
    exit 1
}

while (($#)); do
    case $1 in
    --root) root=${2:?--root needs a folder} && shift ;;
    --root=*) root=${1#--root=} ;;
    --wheel) wheel=${2:?--wheel needs a file} && shift ;;
    --wheel=*) wheel=${1#--wheel=} ;;
    --dry-run) dry_run=yes ;;
    --desktop) session=desktop ;;
    --kiosk) session=kiosk ;;
    --uninstall) action=uninstall_app ;;
    -h | --help) usage && exit 0 ;;
    *) usage >&2 && exit 2 ;;
    esac
    shift
done

[[ -d $root ]] || refuse "--root $root is not a folder"
R=$(cd "$root" && pwd)
R=${R%/}  # "" for the real root: every path below is "$R/..."
real() { [[ -z $R ]]; }
booted() { [[ -d /run/systemd/system ]]; } # systemd runs this system (not a card's image in a chroot)
if real; then systemctl=(systemctl); else systemctl=(systemctl --root="$R"); fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# ------------------------------------------------------------------------------------ changing
changes=0

change() {  # change WHAT COMMAND...: run COMMAND, or say what it would do
    changes=$((changes + 1))
    if [[ $dry_run == yes ]]; then
        echo "would: $1"
    else
        echo "changed: $1"
        "${@:2}"
    fi
}

put_file() {  # put_file SOURCE TARGET MODE: TARGET made the same as SOURCE, if it is not
    local target=$R$2
    if [[ -f $target && ! -L $target ]] && cmp -s "$1" "$target" && [[ $(stat -c %a "$target") == "${3#0}" ]]; then
        return 0
    fi
    change "$2" install -D -m "$3" "$1" "$target"
}

put_sample() {  # put_sample SOURCE TARGET: the sample where the owner's settings are not yet
    [[ -e $R$2 ]] || change "$2 (a sample to edit)" install -D -m 0644 "$1" "$R$2"
}

put_dir() {  # put_dir DIR MODE
    [[ -d $R$1 ]] || change "$1/" install -d -m "$2" "$R$1"
}

remove() {  # remove PATH...: each one that is there
    local path
    for path; do
        [[ -e $R$path || -L $R$path ]] && change "removed $path" rm -rf "$R$path"
    done
    return 0
}

# ------------------------------------------------------------------------------------ checking
check_system() {
    local id="" arch model="" pattern known=no version
    if real && ((EUID != 0)) && [[ $dry_run == no ]]; then
        refuse "run it as root: sudo $0"
    fi
    if [[ -r $R/etc/os-release ]]; then
        id=$(sed -n 's/^ID="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' "$R/etc/os-release")
        codename=$(sed -n 's/^VERSION_CODENAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' "$R/etc/os-release")
    fi
    [[ ($id == debian || $id == raspbian) && " ${RELEASES[*]} " == *" $codename "* ]] ||
        refuse "this is not Raspberry Pi OS Trixie or Bookworm (${id:-unknown} ${codename:-unknown}, from $R/etc/os-release)"
    # the architecture of its programs, as dpkg has libc6 (a 64-bit kernel may run 32-bit programs)
    arch=$(dpkg-query --admindir="$R/var/lib/dpkg" -W -f='${Architecture}\n' libc6 2>/dev/null | paste -sd' ' || true)
    [[ " $arch " == *" arm64 "* ]] ||
        refuse "this is not the 64-bit Raspberry Pi OS (its programs are ${arch:-unknown}, not arm64):" \
            "the app is installed from PyPI's wheels, and PyPI has Kivy's for 64-bit ARM only"
    [[ -r $R/proc/device-tree/model ]] && model=$(tr -d '\0' <"$R/proc/device-tree/model")
    for pattern in "${MODELS[@]}"; do
        # shellcheck disable=SC2053 # a pattern
        [[ $model == $pattern ]] && known=yes
    done
    [[ $known == yes ]] ||
        refuse "this is not a Raspberry Pi 3B+, 4, 5 or Zero 2 W (${model:-no model in $R/proc/device-tree/model})"
    "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null ||
        refuse "$python is not Python 3.11 or later"
    version=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    lock=$here/lock/python$version.txt
    [[ -f $lock ]] || refuse "no lock of the app's dependencies for Python $version ($lock):" \
        "Raspberry Pi OS Trixie has Python 3.13, Bookworm 3.11"
    echo "system: $model, Raspberry Pi OS $codename $arch"
}

# ------------------------------------------------------------------------------------ installing
apt_packages() {
    local missing=() package wanted=("${APT_PACKAGES[@]}")
    if [[ $codename == trixie ]]; then wanted+=("${APT_TRIXIE[@]}"); else wanted+=("${APT_BOOKWORM[@]}"); fi
    for package in "${wanted[@]}"; do
        dpkg-query --admindir="$R/var/lib/dpkg" -W -f='${Status}' "$package" 2>/dev/null |
            grep -q 'install ok installed' || missing+=("$package")
    done
    ((${#missing[@]})) || return 0
    if ! real; then
        echo "apt: not installed in $R, and not installed by --root: ${missing[*]}"
        return 0
    fi
    # shellcheck source=scripts/_apt.sh
    source "$repo/scripts/_apt.sh"
    export DEBIAN_FRONTEND=noninteractive
    change "apt: ${missing[*]}" apt_install "${missing[@]}"
}

apt_install() {
    apt_get update -qq
    apt_get install -y -qq --no-install-recommends "$@"
}

user_ready() {  # the user exists and is in every group
    local group
    grep -q '^companion:' "$R/etc/passwd" 2>/dev/null || return 1
    for group in "${GROUPS_NEEDED[@]}"; do
        grep -Eq "^$group:[^:]*:[^:]*:(.*,)?companion(,|$)" "$R/etc/group" 2>/dev/null || return 1
    done
}

system_user() {
    put_file "$here/companion.sysusers" /etc/sysusers.d/companion.conf 0644
    user_ready || change "the system user companion in ${GROUPS_NEEDED[*]}" \
        systemd-sysusers --root="${R:-/}" "$R/etc/sysusers.d/companion.conf"
}

venv() {
    "$R$PREFIX/venv/bin/python" -c '' 2>/dev/null ||
        change "$PREFIX/venv (with the system's packages, for python3-lgpio)" \
            "$python" -m venv --system-site-packages "$R$PREFIX/venv"
}

dependencies() {  # the lock of this Python, once per version of it
    local digest installed=""
    digest="$(sha256sum "$lock" | cut -d' ' -f1)  $(basename "$lock")"
    [[ -r $R$PREFIX/installed-lock ]] && installed=$(<"$R$PREFIX/installed-lock")
    [[ $installed == "$digest" ]] && return 0
    change "the app's dependencies from deploy/lock/$(basename "$lock"), each checked by its hash" \
        install_lock "$digest"
}

install_lock() {
    "$R$PREFIX/venv/bin/python" -m pip --disable-pip-version-check --quiet install \
        --require-hashes --only-binary :all: --requirement "$lock"
    printf '%s\n' "$1" >"$R$PREFIX/installed-lock"
}

the_wheel() {  # the wheel to install: --wheel, else built from this checkout
    if [[ -n $wheel ]]; then
        [[ -f $wheel ]] || refuse "no wheel at $wheel"
        echo "$wheel"
    elif [[ $dry_run == yes && ! -x $R$PREFIX/venv/bin/python ]]; then
        echo ""  # nothing to build it with yet
    else
        "$here/build-wheel" "$work" "$R$PREFIX/venv/bin/python" | tail -n 1
    fi
}

package() {
    local file digest installed=""
    file=$(the_wheel)
    if [[ -z $file ]]; then
        change "the app from a wheel built from $repo" true
        return 0
    fi
    digest="$(sha256sum "$file" | cut -d' ' -f1)  $(basename "$file")"
    [[ -r $R$PREFIX/installed-wheel ]] && installed=$(<"$R$PREFIX/installed-wheel")
    [[ $installed == "$digest" ]] && return 0
    change "the app from $(basename "$file")" install_wheel "$file" "$digest"
}

install_wheel() {  # the app alone: its dependencies are the lock's
    "$R$PREFIX/venv/bin/python" -m pip --disable-pip-version-check --quiet install \
        --force-reinstall --no-deps "$1" # --force-reinstall: the same version built anew
    printf '%s\n' "$2" >"$R$PREFIX/installed-wheel"
}

sticks() {  # sticks yes|no: the kiosk's stick mounting in place, or taken away
    local entry source target mode
    if [[ $1 == no && -e $R/etc/systemd/system/companion-stick-eject.path ]]; then
        enabled companion-stick-eject.path no
    fi
    for entry in "${STICK_FILES[@]}"; do
        read -r source target mode <<<"$entry"
        if [[ $1 == yes ]]; then
            put_file "$here/stick/$source" "$target" "$mode"
        else
            remove "$target"
        fi
    done
    if [[ $1 == yes ]]; then
        enabled companion-stick-eject.path yes
    fi
}

default_target() {  # default_target TARGET: what the machine boots into
    local link=$R/etc/systemd/system/default.target want=/lib/systemd/system/$1
    [[ $(readlink "$link" 2>/dev/null) == "$want" ]] && return 0
    change "boots into $1" ln -sfn "$want" "$link"
}

enabled() {  # enabled UNIT yes|no
    local now
    now=$("${systemctl[@]}" is-enabled "$1" 2>/dev/null || true)
    if [[ $2 == yes && $now != enabled ]]; then
        change "$1 enabled" "${systemctl[@]}" --quiet enable "$1"
    elif [[ $2 == no && $now == enabled ]]; then
        change "$1 disabled" "${systemctl[@]}" --quiet disable "$1"
    fi
    return 0
}

the_session() {  # the session asked for, else the one installed before, else the kiosk
    if [[ -n $session ]]; then
        echo "$session"
    elif [[ -e $R/etc/xdg/autostart/companion.desktop ]]; then
        echo desktop
    else
        echo kiosk
    fi
}

install_app() {
    local mode
    check_system
    apt_packages
    system_user
    put_dir "$PREFIX" 0755
    put_dir "$PREFIX/bin" 0755
    put_dir "$CONFIG" 0755
    venv
    dependencies
    package
    put_file "$here/companion-launch" "$PREFIX/bin/companion-launch" 0755
    put_sample "$here/hardware.toml" "$CONFIG/hardware.toml"
    put_sample "$here/environment" "$CONFIG/environment"
    put_file "$here/99-companion-dice.rules" /etc/udev/rules.d/99-companion-dice.rules 0644
    local unit
    for unit in "${UNITS[@]}"; do
        put_file "$repo/systemd/$unit" "/etc/systemd/system/$unit" 0644
    done
    mode=$(the_session)
    if [[ $mode == kiosk ]]; then
        remove /etc/xdg/autostart/companion.desktop
        enabled companion.service yes
        sticks yes
        default_target multi-user.target  # no desktop holding the display
    else
        put_file "$here/companion.desktop" /etc/xdg/autostart/companion.desktop 0644
        enabled companion.service no
        sticks no
        default_target graphical.target
    fi
    if real && [[ $dry_run == no ]] && ((changes)); then
        systemctl daemon-reload
        if [[ $mode == kiosk ]]; then  # the requests' folder now, not only from the next boot
            systemd-tmpfiles --create /etc/tmpfiles.d/companion-stick.conf || true
            if booted; then systemctl restart companion-stick-eject.path || true; fi
        fi
        if udevadm control --reload-rules; then
            udevadm trigger --subsystem-match=tty || true
        fi
        if booted && systemctl is-active --quiet companion.service; then
            systemctl restart companion.service && echo "restarted: companion.service"
        fi
    fi
    say_done "installed ($mode)" "the journal stays in $STATE, the settings in $CONFIG"
    if [[ $mode == desktop && $dry_run == no ]]; then
        echo "the app starts when the desktop user logs in; set touch = \"mouse\" in $CONFIG/hardware.toml"
    elif real && [[ $dry_run == no ]] && ! { booted && systemctl is-active --quiet companion.service; }; then
        echo "the app starts at the next boot: sudo reboot"
    fi
}

uninstall_app() {
    local unit
    if real && ((EUID != 0)); then
        refuse "run it as root: sudo $0 --uninstall"
    fi
    for unit in "${UNITS[@]}"; do
        if real && booted && systemctl is-active --quiet "$unit"; then
            change "stopped $unit" systemctl stop "$unit"
        fi
        [[ -e $R/etc/systemd/system/$unit ]] && enabled "$unit" no
        remove "/etc/systemd/system/$unit"
    done
    sticks no
    remove /etc/xdg/autostart/companion.desktop /etc/udev/rules.d/99-companion-dice.rules "$PREFIX"
    if real && [[ $dry_run == no ]]; then
        systemctl daemon-reload
    fi
    say_done "uninstalled" "kept: the journal in $STATE, the settings in $CONFIG, the user companion;" \
        "to boot into the desktop again: sudo systemctl set-default graphical.target"
}

say_done() {
    local what=$1
    shift
    if ((changes == 0)); then
        echo "nothing to change: already $what; $*"
    elif [[ $dry_run == yes ]]; then
        echo "$changes change(s) would be made; nothing was changed"
    else
        echo "$what: $changes change(s); $*"
    fi
}

"$action"
