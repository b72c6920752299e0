#!/usr/bin/env bash
# Lays out the runtime image's whole file system in a directory, for a `FROM scratch`
# stage to copy: the server binary and its `java` link, exactly the shared libraries it
# loads (ldd's list, the dynamic loader included), the few files a non-root process
# expects and, given BUSYBOX (a static busybox), /bin/sh and the tools Testcontainers'
# in-container checks run.
#
#   docker/runtime-root.sh BINARY ROOTFS [BUSYBOX]
#
# Run in the build stage, whose libraries are then the ones the binary was linked
# against. Fails if ldd cannot resolve a library.
set -euo pipefail
binary=$1
root=$2
busybox=${3:-}
uid=10001  # fixed, so that a bind-mounted data directory can be chowned to it

mkdir -p "$root/usr/local/bin" "$root/etc" "$root/tmp" "$root/data" \
         "$root/home/dynamodblocal/data"
cp "$binary" "$root/usr/local/bin/monotable"
# `java -jar DynamoDBLocal.jar ...`, the command line of amazon/dynamodb-local (which
# Testcontainers for Go sets as the entry point): the binary called `java` runs its
# DynamoDB Local shim (server/java_shim.h).
ln -s monotable "$root/usr/local/bin/java"

# A real /bin/sh with what `wait.ForListeningPort` (Go) and the default wait strategy
# (Java) run inside the container: `cat /proc/net/tcp* | awk '{print $2}' | grep -i
# :1f40`, else `nc -vz -w 1 localhost 8000`; plus ls, ps and wget for a user's own
# compose health checks and debugging. Links, not copies: busybox picks the applet by
# the name it is called by; each link costs a tar header (512 bytes) in the layer.
if [ -n "$busybox" ]; then
  mkdir -p "$root/bin"
  cp "$busybox" "$root/bin/busybox"
  for applet in sh cat awk grep nc ls ps wget; do
    ln -s busybox "$root/bin/$applet"
  done
fi

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
