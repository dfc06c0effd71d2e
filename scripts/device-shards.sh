# Sourced by the device scripts (device-selfplay.sh, device-relabel.sh): their shard files in and out.
# The device tool returns at most 8 files a call, so the shards come back packed in one archive.

# resume_shard FROM WORK K: shard K's earlier records (FROM/shard-K.txt.xz, carried to the machine), if any,
# into WORK/shard-K.txt, where the next run resumes them.
resume_shard() {
  if [ -n "$1" ] && [ -f "$1/shard-$3.txt.xz" ]; then xz -dc "$1/shard-$3.txt.xz" > "$2/shard-$3.txt"; fi
}

# pack_shards WORK SHARDS ARCHIVE: every shard compressed (side by side), then all in one tar at ARCHIVE.
pack_shards() {
  for k in $(seq 0 $(($2 - 1))); do
    xz -9 -c "$1/shard-$k.txt" > "$1/shard-$k.txt.xz" &
  done
  wait
  (cd "$1" && tar -cf "$3" shard-*.txt.xz)
}
