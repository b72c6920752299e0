#!/usr/bin/env bash
# Lays out the runtime image's whole file system in a directory, for a `FROM scratch`
# stage to copy: the server binary, exactly the shared libraries it loads (ldd's list,
# the dynamic loader included) and the few files a non-root process expects.
#
#   docker/runtime-root.sh BINARY ROOTFS
#
# Run in the build stage, whose libraries are then the ones the binary was linked
# against. Fails if ldd cannot resolve a library.
set -euo pipefail
binary=$1
root=$2
uid=10001  # fixed, so that a bind-mounted data directory can be chowned to it

mkdir -p "$root/usr/local/bin" "$root/etc" "$root/tmp" "$root/data" \
         "$root/home/dynamodblocal/data"
cp "$binary" "$root/usr/local/bin/monotable"

# Each library at the path ldd found it (the loader's own path included: ldd prints it
# as the binary asks for it, /lib64/ld-linux-x86-64.so.2), as a plain file. A static
# binary (the image's, -DMONOTABLE_STATIC_DEPS=ON) has no program interpreter and
# loads none.
if readelf -l "$binary" | grep -q 'program interpreter'; then
  ldd "$binary" | awk '
    /not found/ { print "missing: " $1 > "/dev/stderr"; bad = 1 }
    $2 == "=>" && $3 ~ /^\// { print $3 }
    $1 ~ /^\// { print $1 }
    END { exit bad }' |
  while read -r lib; do
    mkdir -p "$root$(dirname "$lib")"
    cp -L "$lib" "$root$lib"
  done
fi

# Names for `ps` and friends (the server itself needs neither file), and /etc/hosts
# (which the container runtime provides) before DNS for --health-check http://localhost.
echo "hosts: files dns" > "$root/etc/nsswitch.conf"
echo "root:x:0:0:root:/root:/sbin/nologin" > "$root/etc/passwd"
echo "monotable:x:$uid:$uid:monotable:/data:/sbin/nologin" >> "$root/etc/passwd"
printf 'root:x:0:\nmonotable:x:%s:\n' "$uid" > "$root/etc/group"

chmod 1777 "$root/tmp"
# The data directories belong to the server's user: /data (the image's volume) and
# DynamoDB Local's working directory, where its compose files put `-dbPath ./data`.
chown -R "$uid:$uid" "$root/data" "$root/home/dynamodblocal"
