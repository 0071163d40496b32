#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make check's pass of the benchmark (tests/bench/lsm_bench.c), so that its code cannot rot
# between make bench runs: every workload a few times, on tmpfs and on ext4, and label's rule
# loading. It checks that each row is there and is a figure, not what the figures are: a test
# never fails on a time.
. /opt/wb/tests/debian/ktap.sh

plan 5
out=$(/opt/wb/tests/lsm_bench --short 2>&1)
rc=$?
printf '%s\n' "$out" | sed 's/^/# /'
same "lsm_bench --short runs to its end" 0 "$rc"
rows() { printf '%s\n' "$out" | awk -v re="$1" '$1 == "bench" && $2 ~ re { print $2 }' | sed 's/@.*//' | paste -sd, -; }
files="stat,stat_8,fstat,open+close,create+unlink,write_1k,read_1k,mmap(PROT_EXEC),setxattr,getxattr,slab_per_file"
same "every file workload on tmpfs" "$files" "$(rows '@tmpfs$')"
same "every file workload on ext4" "$files" "$(rows '@ext4$')"
same "every other workload, then label's rule loading" \
	"null_syscall,open+close_proc,kill(self,0),kill(other),pipe_round_trip,unix_stream_round_trip,unix_dgram_round_trip,msg_send+receive,tcp_connect+accept+close,udp_send+receive,udp_send_host_listed,udp_send_host_unlisted,fork+exit,fork+exec,tcp_connect+accept+close_host_label,udp_send+receive_host_label,load_rule,load_again,write_null,load_empty,load_batch" \
	"$(rows '^[^@]*$')"
same "every figure is a number, of instructions above zero" "" \
	"$(printf '%s\n' "$out" | awk '$1 == "bench" && !($3 ~ /^[0-9]+$/ && ($3 > 0 || $2 ~ /^slab_/)) { print }')"
finish
