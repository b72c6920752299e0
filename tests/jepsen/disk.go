// A small disk for the disk nemesis: a tmpfs mounted for the run (as
// tests/integration/test_disk_full.py does; needs root), which Fill writes a ballast
// file into until the filesystem has no block left, and Free deletes.
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
)

type SmallDisk struct {
	mountPoint string
}

// MountSmallDisk mounts a tmpfs of `size` (e.g. "256m") at dir (created).
func MountSmallDisk(dir, size string) (*SmallDisk, error) {
	if os.Geteuid() != 0 {
		return nil, errors.New("the disk nemesis mounts a tmpfs, which needs root")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("cannot mount a tmpfs at %s: %v: %s", dir, err, out)
	}
	return &SmallDisk{mountPoint: dir}, nil
}

func (d *SmallDisk) ballast() string { return filepath.Join(d.mountPoint, "ballast") }

// Fill writes the ballast until ENOSPC, in big chunks and then in blocks.
func (d *SmallDisk) Fill() error {
	f, err := os.OpenFile(d.ballast(), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	for _, size := range []int{1 << 20, 4096} {
		chunk := make([]byte, size)
		for {
			if _, err := f.Write(chunk); err != nil {
				if !errors.Is(err, syscall.ENOSPC) {
					return err
				}
				break
			}
		}
	}
	return nil
}

func (d *SmallDisk) Free() error { return os.Remove(d.ballast()) }

func (d *SmallDisk) Unmount() {
	exec.Command("umount", "-l", d.mountPoint).Run()
}
