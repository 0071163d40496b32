# SPDX-License-Identifier: GPL-2.0-only
# make bench's plot: each configuration's overhead over the first (P0), per workload, from the
# table tools/workbench/bench-report.py writes. gnuplot -e "dat='overhead.dat'; png='overhead.png'"
set terminal pngcairo size 1400,640 font ",10" noenhanced
set output png
set title "Guest instructions per operation: overhead over pristine 6.12 with capability alone (P0)"
set ylabel "overhead (%)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.9 border -1
set boxwidth 0.9
set key top left autotitle columnheader
set xtics rotate by -45 scale 0 font ",9"
set grid ytics
set yrange [-5:*]
columns = system("head -n 1 " . dat . " | wc -w")
plot for [c = 2:columns] dat using c:xtic(1)
