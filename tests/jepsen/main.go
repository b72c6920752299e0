// jepsen: Jepsen's method against monotable. Concurrent clients of the AWS SDK for Go v2
// record a history (history.go) of single-item operations (register.go) and
// transactions (bank.go) while a nemesis (nemesis.go) kills, pauses and starves the
// server of disk on a schedule drawn from the seed; Porcupine then decides whether the
// history is linearizable (check.go), and `monotable check` whether the data directory
// is consistent after every kill. Exit 0: no anomaly; 1: an anomaly (the report names
// it, failing histories are saved with Porcupine's HTML visualisation); 2: the run
// could not be made.
//
//	go build -o jepsen . && ./jepsen -bin build/monotable -duration 30s -nemesis kill,pause
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

type Options struct {
	bin, out, nemesis, diskSize string
	duration, segment, timeout  time.Duration
	gapMin, gapMax, think       time.Duration
	seed                        int64
	registerClients, bankClient int
	keys                        int
	checkTimeout                time.Duration
	inMemory                    bool
}

// runContext is what the clients share: the SDK client, the history, the timeouts and
// the segments (every `segment` of the run uses fresh keys and a fresh bank, so each
// key's history, which Porcupine checks as one partition, stays short).
type runContext struct {
	client  *dynamodb.Client
	history *History
	timeout time.Duration
	segLen  time.Duration
	keys    int
	thinkD  time.Duration
}

func (rc *runContext) segment(now int64) int { return int(time.Duration(now) / rc.segLen) }

func (rc *runContext) segmentKeys(now time.Duration) []string {
	seg := rc.segment(int64(now))
	keys := make([]string, rc.keys)
	for i := range keys {
		keys[i] = fmt.Sprintf("s%d-k%d", seg, i)
	}
	return keys
}

func (rc *runContext) think(rng *rand.Rand) {
	if rc.thinkD > 0 {
		time.Sleep(time.Duration(rng.Int63n(int64(rc.thinkD) + 1)))
	}
}

func main() {
	var o Options
	flag.StringVar(&o.bin, "bin", os.Getenv("MONOTABLE_BIN"), "the monotable binary ($MONOTABLE_BIN)")
	flag.StringVar(&o.out, "out", "", "directory for the report, logs and failing histories (default: a new temporary one)")
	flag.StringVar(&o.nemesis, "nemesis", "kill,pause", "faults to draw from: kill, pause, disk (comma-separated), or none")
	flag.StringVar(&o.diskSize, "disk-size", "256m", "size of the tmpfs the disk nemesis fills")
	flag.DurationVar(&o.duration, "duration", 30*time.Second, "how long the clients run")
	flag.DurationVar(&o.segment, "segment", 20*time.Second, "how long one set of keys and one bank is used")
	flag.DurationVar(&o.timeout, "timeout", time.Second, "each client call's timeout")
	flag.DurationVar(&o.gapMin, "gap-min", 3*time.Second, "least quiet time between two faults")
	flag.DurationVar(&o.gapMax, "gap-max", 8*time.Second, "most quiet time between two faults")
	flag.DurationVar(&o.think, "think", 2*time.Millisecond, "most time a client waits between two operations")
	flag.Int64Var(&o.seed, "seed", 1, "seed of the schedule and of the clients' choices")
	flag.IntVar(&o.registerClients, "register-clients", 4, "clients doing single-item operations")
	flag.IntVar(&o.bankClient, "bank-clients", 3, "clients doing transactions")
	flag.IntVar(&o.keys, "keys", 3, "register keys per segment")
	flag.DurationVar(&o.checkTimeout, "check-timeout", 5*time.Minute, "Porcupine's time limit (an undecided history fails the run)")
	flag.BoolVar(&o.inMemory, "in-memory", false, "run the server --in-memory, which a kill wipes: the checks must then find lost writes (the harness' own test)")
	flag.Parse()
	report, err := run(o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "jepsen: the run could not be made:", err)
		os.Exit(2)
	}
	data, _ := json.MarshalIndent(report, "", "  ")
	fmt.Println(string(data))
	if report.AnomalyCount > 0 {
		fmt.Fprintf(os.Stderr, "jepsen: %d anomalies; histories and visualisations in %s\n",
			report.AnomalyCount, report.OutDir)
		os.Exit(1)
	}
}

func run(o Options) (*Report, error) {
	if o.bin == "" {
		return nil, fmt.Errorf("no binary: pass -bin or set MONOTABLE_BIN")
	}
	var err error
	if o.out == "" {
		if o.out, err = os.MkdirTemp("", "monotable-jepsen-"); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return nil, err
	}
	kinds := []string{}
	for _, k := range strings.Split(o.nemesis, ",") {
		switch k = strings.TrimSpace(k); k {
		case "kill", "pause", "disk":
			kinds = append(kinds, k)
		case "none", "":
		default:
			return nil, fmt.Errorf("unknown nemesis %q", k)
		}
	}
	h := NewHistory()
	dbPath := filepath.Join(o.out, "db")
	var disk *SmallDisk
	for _, k := range kinds {
		if k == "disk" {
			mount := filepath.Join(o.out, "small-disk")
			if disk, err = MountSmallDisk(mount, o.diskSize); err != nil {
				return nil, err
			}
			defer disk.Unmount()
			dbPath = filepath.Join(mount, "db")
		}
	}
	var extra []string
	if o.inMemory {
		extra = []string{"--in-memory"}
	}
	srv, err := NewServer(o.bin, dbPath, o.out, extra, h)
	if err != nil {
		return nil, err
	}
	if err := srv.Start(); err != nil {
		return nil, err
	}
	defer func() { // whatever happened, leave no server behind
		if srv.proc.ProcessState == nil {
			srv.Kill()
		}
	}()
	ddb, err := newClient(srv.Endpoint())
	if err != nil {
		return nil, err
	}
	rc := &runContext{client: ddb, history: h, timeout: o.timeout, segLen: o.segment, keys: o.keys, thinkD: o.think}
	segments := int(o.duration/o.segment) + 1
	if err := setUp(ddb, segments); err != nil {
		return nil, fmt.Errorf("setting up the tables: %w", err)
	}
	h.start = time.Now() // the history starts with the clients
	nem := &Nemesis{kinds: kinds, rng: rand.New(rand.NewSource(o.seed)), server: srv, disk: disk, probe: ddb,
		history: h, timeout: o.timeout, gap: [2]time.Duration{o.gapMin, o.gapMax}, inMemory: o.inMemory}
	nem.setUp = func() error { return setUp(ddb, segments) }
	stopClients, stopNemesis := make(chan struct{}), make(chan struct{})
	var clients, nemesisDone sync.WaitGroup
	for i := 0; i < o.registerClients+o.bankClient; i++ {
		clients.Add(1)
		go func(i int) {
			defer clients.Done()
			seed := o.seed*1000 + int64(i)
			if i < o.registerClients {
				registerClient(rc, i, seed, stopClients)
			} else {
				bankClient(rc, i, seed, stopClients)
			}
		}(i)
	}
	nemesisOver := make(chan struct{}) // closed early only when a fault failed
	if len(kinds) > 0 {
		nemesisDone.Add(1)
		go func() { defer nemesisDone.Done(); defer close(nemesisOver); nem.Run(stopNemesis) }()
	}
	select { // a failed fault (a crash, a failed check) ends the run at once
	case <-time.After(o.duration):
	case <-nemesisOver:
	}
	close(stopClients)
	clients.Wait()
	close(stopNemesis)
	nemesisDone.Wait()
	lastSeg := rc.segment(h.Now())
	if lastSeg >= segments {
		lastSeg = segments - 1
	}
	// The final phase: a last kill (so every lost answer is bounded by a death), the
	// check, a restart, and reads of everything the run wrote.
	if nem.noteCrash() == nil {
		if err := nem.killAndRestart(); err != nil {
			nem.failure = err
		}
	}
	if srv.Crash() != "" { // the data directory after the crash is worth knowing about too
		if err := nem.CheckData(); err != nil {
			nem.failure = fmt.Errorf("%v; then %v", nem.failure, err)
		}
	}
	var receipts map[int64]bool
	if nem.failure == nil {
		receipts, err = finalReads(rc, o.registerClients+o.bankClient, lastSeg)
		if err != nil {
			return nil, fmt.Errorf("final reads: %w", err)
		}
		if nem.noteCrash() != nil {
		} else if err := srv.Stop(); err != nil {
			nem.failure = err
		} else if err := nem.CheckData(); err != nil {
			nem.failure = err
		}
	}
	return check(o, h, nem, receipts)
}

func createTable(ddb *dynamodb.Client, name string) error {
	_, err := ddb.CreateTable(context.Background(), &dynamodb.CreateTableInput{
		TableName:            aws.String(name),
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("k"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("k"), KeyType: types.KeyTypeHash}},
		BillingMode:          types.BillingModePayPerRequest,
	})
	if err != nil {
		return err
	}
	return dynamodb.NewTableExistsWaiter(ddb).Wait(context.Background(),
		&dynamodb.DescribeTableInput{TableName: aws.String(name)}, time.Minute)
}

// setUp creates the tables and every segment's accounts, before any fault.
func setUp(ddb *dynamodb.Client, segments int) error {
	for _, t := range []string{registerTable, bankTable, receiptsTable, ballastTable} {
		if err := createTable(ddb, t); err != nil {
			return err
		}
	}
	for seg := 0; seg < segments; seg++ {
		for i := 0; i < accounts; i++ {
			item := keyAttr(accountKey(seg, i))
			item["bal"] = num(initialFunds)
			if _, err := ddb.PutItem(context.Background(), &dynamodb.PutItemInput{
				TableName: aws.String(bankTable), Item: item}); err != nil {
				return err
			}
		}
	}
	return nil
}

// finalReads reads every key and bank of segments 0..lastSeg (recorded as client
// `client`'s operations, after the last kill: they see what survived it) and returns
// the ids of the receipts found.
func finalReads(rc *runContext, client, lastSeg int) (map[int64]bool, error) {
	rc.timeout = 10 * time.Second
	// Each read is tried until answered (5 times at most), each try in the history.
	until := func(kind string, in any, fn func(ctx context.Context) (any, Status, string)) error {
		for attempt := 0; ; attempt++ {
			op := call(rc.history, client, kind, rc.timeout, in, fn)
			if op.Status == Ok {
				return nil
			} else if attempt == 4 {
				return fmt.Errorf("%v: %s", op.Input, op.Error)
			}
			time.Sleep(time.Second)
		}
	}
	for seg := 0; seg <= lastSeg; seg++ {
		for i := 0; i < rc.keys; i++ {
			key := fmt.Sprintf("s%d-k%d", seg, i)
			if err := until("register", RegInput{Key: key, Op: "read"}, func(ctx context.Context) (any, Status, string) {
				return readRegister(ctx, rc.client, key)
			}); err != nil {
				return nil, err
			}
		}
		if err := until("bank", BankInput{Seg: seg, Op: "read"}, func(ctx context.Context) (any, Status, string) {
			return readBank(ctx, rc.client, seg)
		}); err != nil {
			return nil, err
		}
	}
	receipts := map[int64]bool{}
	p := dynamodb.NewScanPaginator(rc.client, &dynamodb.ScanInput{TableName: aws.String(receiptsTable),
		ConsistentRead: aws.Bool(true)})
	for p.HasMorePages() {
		page, err := p.NextPage(context.Background())
		if err != nil {
			return nil, err
		}
		for _, item := range page.Items {
			s, ok := item["k"].(*types.AttributeValueMemberS)
			var id int64
			if !ok || len(s.Value) < 2 {
				return nil, fmt.Errorf("a receipt without a key: %v", item)
			}
			if _, err := fmt.Sscanf(s.Value, "t%d", &id); err != nil {
				return nil, err
			}
			receipts[id] = true
		}
	}
	return receipts, nil
}
