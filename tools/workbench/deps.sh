#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Install the build's Debian packages: silent when all of them are already there.
set -euo pipefail

missing=()
for p in "$@"; do
	name=${p%%=*}
	want=${p#*=}
	[ "$want" = "$p" ] && want=
	have=$(dpkg-query -W -f='${Status} ${Version}' "$name" 2>/dev/null || true)
	case "$have" in
	"install ok installed $want"*) [ -z "$want" ] || [ "$have" = "install ok installed $want" ] || missing+=("$p") ;;
	*) missing+=("$p") ;;
	esac
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "  DEPS    installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
