# shellcheck shell=bash
# Sourced by the arm64 checks (scripts/check-arm64, scripts/arm64/*): where the cached roots live,
# which Debian mirror builds them, and how a command runs inside a root.

# shellcheck disable=SC2034 # used by the scripts that source this
ARM64_CACHE=${COMPANION_ROOTS_CACHE:-/var/cache/companion-ci}/arm64

# The mirror of this machine's own apt sources (deb.debian.org when none is named).
debian_mirror() {
    local uri
    if [[ -n ${COMPANION_DEBIAN_MIRROR:-} ]]; then
        echo "$COMPANION_DEBIAN_MIRROR"
        return 0
    fi
    uri=$(cat /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null |
        grep -oE 'https?://[^ ]+/debian/?( |$)' | head -n 1 | tr -d ' ')
    echo "${uri:-http://deb.debian.org/debian}"
}

# The processor qemu emulates: a Pi 5's. Its default ("max") has pointer authentication, which
# Trixie's programs use and qemu computes slowly (Python in Trixie ran 18 times slower on it).
export QEMU_CPU=cortex-a76

# The certificates this machine trusts, inside a root (mount_root puts them there): where TLS is
# looked into on the way out (a proxy of the network's own), pip needs that proxy's authority, and
# its own bundle has not got it.
MACHINE_CA=/etc/ssl/this-machine-ca-certificates.crt

# Where pip keeps its downloads inside a root: a folder of the cache, bound there (check-root).
PIP_CACHE=/var/cache/companion-pip

# in_root ROOT COMMAND...: COMMAND inside ROOT (an arm64 root, run through qemu by binfmt_misc),
# with a clean environment but for this machine's proxy and certificates. SYSTEMD_OFFLINE: the
# root is never booted, so systemctl works on its files and skips what needs a running systemd
# (it would tell that by /proc/1/root, which a machine without ptrace rights over PID 1 hides).
in_root() {
    local root=$1 name network=()
    shift
    for name in http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY; do
        [[ -n ${!name:-} ]] && network+=("$name=${!name}")
    done
    env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
        TERM=dumb DEBIAN_FRONTEND=noninteractive SYSTEMD_OFFLINE=1 QEMU_CPU="$QEMU_CPU" PIP_CACHE_DIR="$PIP_CACHE" \
        PIP_CERT="$MACHINE_CA" SSL_CERT_FILE="$MACHINE_CA" \
        REQUESTS_CA_BUNDLE="$MACHINE_CA" "${network[@]}" chroot "$root" "$@"
}

# mount_root ROOT MODEL: what a running system has, mounted into ROOT; call it in a mount
# namespace of its own (unshare -m), so that everything goes away with the last process in it.
# /proc is the kernel's, seen through links from a small folder that also holds the device tree's
# model as a Raspberry Pi's firmware gives it: the installer reads /proc/device-tree/model. Of the
# processes, /proc/self and /proc/1 are linked (systemctl tells a chroot by /proc/1/root).
mount_root() {
    local root=$1 model=$2 entry
    mount -t tmpfs -o mode=0555 proc-with-model "$root/proc"
    mkdir "$root/proc/.kernel" "$root/proc/device-tree"
    mount -t proc proc "$root/proc/.kernel"
    for entry in "$root"/proc/.kernel/*; do
        entry=${entry##*/}
        [[ $entry =~ ^[0-9]+$ && $entry != 1 ]] || ln -s ".kernel/$entry" "$root/proc/$entry"
    done
    printf '%s\0' "$model" >"$root/proc/device-tree/model"
    mount -t sysfs -o ro sysfs "$root/sys"
    mkdir -p "$root/dev/pts" "$root/dev/shm"
    mount -t devpts -o newinstance,ptmxmode=0666 devpts "$root/dev/pts"
    ln -sfn pts/ptmx "$root/dev/ptmx"
    mount -t tmpfs -o mode=1777 shm "$root/dev/shm"
    cp -L /etc/resolv.conf "$root/etc/resolv.conf"
    mkdir -p "$root${MACHINE_CA%/*}"
    cp -L /etc/ssl/certs/ca-certificates.crt "$root$MACHINE_CA"
}

# bind_cache HOST_DIR ROOT PATH: HOST_DIR (made if missing) seen at PATH inside ROOT
bind_cache() {
    mkdir -p "$1" "$2$3"
    mount --bind "$1" "$2$3"
}
