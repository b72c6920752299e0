// The nemesis: faults on a schedule drawn from the run's seed, one at a time, with a
// quiet gap between them. kill: SIGKILL, `monotable check` on the data directory while
// the server is down, restart on the same directory and port. pause: SIGSTOP for longer
// than the clients' timeout, then SIGCONT. disk: fill the data directory's filesystem
// (a tmpfs of its own, disk.go) to the last block, hold it full, free it.
package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

type Nemesis struct {
	kinds   []string
	rng     *rand.Rand
	server  *Server
	disk    *SmallDisk // nil unless "disk" is a kind
	probe   *dynamodb.Client
	history *History
	timeout time.Duration // the clients' timeout: a pause outlasts it
	gap     [2]time.Duration
	checks  int
	note    string // what the current fault did, for its record
	// inMemory: the server keeps nothing on disk, so there is no directory to check
	// and a kill loses every table: setUp is redone after each restart.
	inMemory bool
	setUp    func() error
	failure  error // the first failed `monotable check` or restart
}

func (n *Nemesis) pick() string { return n.kinds[n.rng.Intn(len(n.kinds))] }

func (n *Nemesis) between(lo, hi time.Duration) time.Duration {
	return lo + time.Duration(n.rng.Int63n(int64(hi-lo)+1))
}

// Run injects faults until stop closes or a check fails; every fault is over (the
// server up and running) when it returns.
func (n *Nemesis) Run(stop <-chan struct{}) {
	for n.noteCrash() == nil {
		select {
		case <-stop:
			return
		case <-time.After(n.between(n.gap[0], n.gap[1])):
		}
		if n.noteCrash() != nil {
			return
		}
		kind := n.pick()
		f := Fault{Kind: kind, Start: n.history.Now()}
		var err error
		switch kind {
		case "kill":
			err = n.killAndRestart()
		case "pause":
			err = n.pause(stop)
		case "disk":
			err = n.fillDisk(stop)
		}
		f.End, f.Note, n.note = n.history.Now(), n.note, ""
		if err != nil {
			f.Note = err.Error()
			n.failure = err
		}
		n.history.AddFault(f)
	}
}

// noteCrash makes an unexpected exit of the server the failure, and returns the failure.
func (n *Nemesis) noteCrash() error {
	if c := n.server.Crash(); c != "" && n.failure == nil {
		n.failure = errors.New(c)
	}
	return n.failure
}

func (n *Nemesis) killAndRestart() error {
	n.server.Kill()
	if err := n.CheckData(); err != nil {
		return err
	}
	if err := n.server.Start(); err != nil {
		return err
	}
	if n.inMemory {
		return n.setUp()
	}
	return nil
}

// CheckData runs `monotable check` (the server must be down) and counts it.
func (n *Nemesis) CheckData() error {
	if n.inMemory {
		return nil
	}
	n.checks++
	return n.server.Check()
}

func (n *Nemesis) pause(stop <-chan struct{}) error {
	if err := n.server.Pause(); err != nil {
		return err
	}
	d := n.between(n.timeout*3/2, n.timeout*3)
	select {
	case <-time.After(d):
	case <-stop:
	}
	return n.server.Resume()
}

func (n *Nemesis) fillDisk(stop <-chan struct{}) error {
	if n.disk == nil {
		return fmt.Errorf("disk nemesis without a small disk")
	}
	if err := n.disk.Fill(); err != nil {
		return err
	}
	n.note = n.exhaust()
	select {
	case <-time.After(n.between(time.Second, 4*time.Second)):
	case <-stop:
	}
	if err := n.disk.Free(); err != nil {
		return err
	}
	return n.writesResume(30 * time.Second)
}

// writesResume: once space is freed the server must take writes again without a
// restart (a small item to the ballast table, tried every half second).
func (n *Nemesis) writesResume(limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		item := keyAttr("resumed")
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		_, err := n.probe.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(ballastTable), Item: item})
		cancel()
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			st, msg := Classify(err)
			return fmt.Errorf("writes did not resume within %v of the disk being freed (%v: %s)", limit, st, msg)
		}
		time.Sleep(500 * time.Millisecond)
	}
}

const ballastTable = "jepsen_ballast"

var ballastPad = strings.Repeat("x", 300_000)

// exhaust writes big items (over a few keys, so they take no room once compacted) to
// a table of their own until the server refuses one: a full filesystem bites only when
// RocksDB needs a block it has not preallocated (a WAL is preallocated in advance).
func (n *Nemesis) exhaust() string {
	for i := 0; i < 400; i++ {
		item := keyAttr(fmt.Sprintf("p%d", i%8))
		item["pad"] = &types.AttributeValueMemberS{Value: ballastPad}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, err := n.probe.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(ballastTable), Item: item})
		cancel()
		if err != nil {
			st, msg := Classify(err)
			return fmt.Sprintf("the %dth big write was refused (%v: %s)", i+1, st, msg)
		}
	}
	return "400 big writes accepted on a full disk"
}
