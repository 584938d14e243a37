#!/bin/sh
# Regenerates the committed video fixtures the simulator serves (needs ffmpeg with libvpx and drawtext).
# scene-NN.webm: a 10 s clip per scene number, a distinct colour, its number and a seconds counter (so seeking shows).
# final-N.webm: scenes 1..N joined, what a stitched N-scene project plays. final-N-upscaled.webm: the same at 320x180.
set -eu
cd "$(dirname "$0")"
FONT=${FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}
COLOURS="c0392b d35400 b7950b 27ae60 16a085 2980b9 8e44ad 2c3e50 7f8c8d a04000"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

clip() { # number colour width height label output
  size=$(( $4 / 5 ))
  ffmpeg -v error -y -f lavfi -i "color=c=0x$2:s=$3x$4:r=5:d=10" \
    -vf "drawtext=fontfile=$FONT:text='$5 $1':fontsize=$size:fontcolor=white:x=(w-tw)/2:y=(h-th)/2-th/2,drawtext=fontfile=$FONT:text='%{eif\:t\:d} s':fontsize=$(( size / 2 )):fontcolor=white@0.8:x=(w-tw)/2:y=h-th-$(( size / 3 ))" \
    -c:v libvpx-vp9 -b:v 0 -crf 45 -g 10 -deadline good -cpu-used 4 -an "$6"
}

n=1
for c in $COLOURS; do
  nn=$(printf %02d "$n")
  clip "$n" "$c" 160 90 Scene "scene-$nn.webm"
  clip "$n" "$c" 320 180 "HD Scene" "$tmp/hd-$nn.webm"
  n=$((n + 1))
done

for total in 2 3 4 5 6 7 8 9 10; do
  : > "$tmp/list.txt"; : > "$tmp/hd.txt"
  for i in $(seq 1 "$total"); do
    nn=$(printf %02d "$i")
    echo "file '$PWD/scene-$nn.webm'" >> "$tmp/list.txt"
    echo "file '$tmp/hd-$nn.webm'" >> "$tmp/hd.txt"
  done
  ffmpeg -v error -y -f concat -safe 0 -i "$tmp/list.txt" -c copy "final-$total.webm"
  ffmpeg -v error -y -f concat -safe 0 -i "$tmp/hd.txt" -c copy "final-$total-upscaled.webm"
done
du -ch ./*.webm | tail -1
