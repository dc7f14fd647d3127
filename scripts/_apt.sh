# shellcheck shell=bash
# Sourced by scripts/_env.sh: apt-get that waits while another package manager holds apt's or
# dpkg's lock (on a Pi, unattended upgrades often do for minutes after boot; on a CI machine, a
# provisioning step) instead of failing at once.
#
# `apt-get install` waits by itself with DPkg::Lock::Timeout, but `apt-get update` gives up at
# once on the lock of its lists, so every call is tried again while apt says a lock is held.

APT_LOCK_WAIT=${APT_LOCK_WAIT:-1200}  # seconds to wait for another package manager, at most
APT_LOCK_POLL=${APT_LOCK_POLL:-5}     # seconds between two tries

apt_get() {
    local waited=0 told=no output status
    while true; do
        status=0
        output=$(apt-get -o DPkg::Lock::Timeout="$APT_LOCK_POLL" "$@" 2>&1) || status=$?
        if ((status == 0)); then
            return 0
        fi
        if ! grep -qE 'Could not get lock|Unable to acquire the dpkg frontend lock|Unable to lock' <<<"$output"; then
            printf '%s\n' "$output" >&2
            return "$status"
        fi
        if ((waited >= APT_LOCK_WAIT)); then
            printf '%s\n' "$output" >&2
            echo "error: another package manager still holds apt's lock after ${waited} s; run this again when it is done" >&2
            return "$status"
        fi
        if [[ $told == no ]]; then
            echo "== waiting for another package manager to finish (it holds apt's lock)"
            told=yes
        fi
        sleep "$APT_LOCK_POLL"
        waited=$((waited + APT_LOCK_POLL))
    done
}
