// The history: every operation a client invoked, with its invocation and completion
// times (nanoseconds since the run's start, from the monotonic clock) and its outcome.
// An operation whose answer was lost is Unknown, as Jepsen records it: it may or may not
// have taken effect, at any time after its invocation and before the server process it
// reached died (resolveUnknown). Safe for concurrent use by the clients.
package main

import (
	"encoding/json"
	"errors"
	"net"
	"os"
	"sort"
	"sync"
	"time"

	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/smithy-go"
)

// Status is what an answer proves about an operation's effect.
type Status int

const (
	Ok         Status = iota // acknowledged: it took effect (a read: it saw Output)
	CondFailed               // the condition was evaluated false: no effect, and that fact
	NotApplied               // refused before any effect (4xx other than a failed condition, or never sent)
	Unknown                  // the answer was lost (timeout, reset, 5xx): it may have taken effect
)

func (s Status) String() string {
	return [...]string{"ok", "cond-failed", "not-applied", "unknown"}[s]
}

// Op is one operation of the history. Input and Output are the workload's own types.
type Op struct {
	Client int    `json:"client"`
	Kind   string `json:"kind"`
	Call   int64  `json:"call"`
	Return int64  `json:"return"` // for Unknown: when its answer was given up on
	Status Status `json:"status"`
	Error  string `json:"error,omitempty"`
	Input  any    `json:"input"`
	Output any    `json:"output"`
}

// Fault is one nemesis event, for the report and the visualisation's annotations.
type Fault struct {
	Kind  string `json:"kind"`
	Start int64  `json:"start"`
	End   int64  `json:"end"`
	Note  string `json:"note,omitempty"`
}

// History collects the operations, the faults and the moments the server process was
// seen dead (a lost answer took effect, if at all, before the next of them).
type History struct {
	start  time.Time
	mu     sync.Mutex
	ops    []Op
	faults []Fault
	deaths []int64
}

func NewHistory() *History { return &History{start: time.Now()} }

// Now is the time since the run's start in nanoseconds (monotonic).
func (h *History) Now() int64 { return int64(time.Since(h.start)) }

func (h *History) Add(op Op) {
	h.mu.Lock()
	h.ops = append(h.ops, op)
	h.mu.Unlock()
}

func (h *History) AddFault(f Fault) {
	h.mu.Lock()
	h.faults = append(h.faults, f)
	h.mu.Unlock()
}

// Died records that the server process was seen exited (after SIGKILL or a stop).
func (h *History) Died(at int64) {
	h.mu.Lock()
	h.deaths = append(h.deaths, at)
	h.mu.Unlock()
}

// Snapshot copies the operations and faults, ops sorted by invocation.
func (h *History) Snapshot() ([]Op, []Fault) {
	h.mu.Lock()
	defer h.mu.Unlock()
	ops := append([]Op(nil), h.ops...)
	sort.SliceStable(ops, func(i, j int) bool { return ops[i].Call < ops[j].Call })
	return ops, append([]Fault(nil), h.faults...)
}

// EffectBound is the latest moment an operation invoked at `call` can have taken effect:
// the first death of the server after it (no request outlives its process), else the
// end of time. The run always ends with a kill, so every op has a finite bound.
func (h *History) EffectBound(call int64) int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	bound := int64(1<<62 - 1)
	for _, d := range h.deaths {
		if d >= call && d < bound {
			bound = d
		}
	}
	return bound
}

// Classify turns an SDK call's error into a Status. Retries are off (clients.go), so an
// error is the answer to the one request sent. A 4xx is a definite refusal; a 5xx, a
// timeout or a broken connection may hide an applied write; a refused dial sent nothing.
func Classify(err error) (Status, string) {
	if err == nil {
		return Ok, ""
	}
	var re *awshttp.ResponseError
	if errors.As(err, &re) && re.HTTPStatusCode() != 0 { // 0: no answer (a send error)
		code := ""
		var ae smithy.APIError
		if errors.As(err, &ae) {
			code = ae.ErrorCode()
		}
		if re.HTTPStatusCode() >= 400 && re.HTTPStatusCode() < 500 {
			if code == "ConditionalCheckFailedException" {
				return CondFailed, code
			}
			return NotApplied, code
		}
		return Unknown, code
	}
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Op == "dial" {
		return NotApplied, "dial: " + oe.Err.Error()
	}
	return Unknown, err.Error()
}

// Save writes the history as JSON (for a failing run's debugging).
func (h *History) Save(path string) error {
	ops, faults := h.Snapshot()
	data, err := json.MarshalIndent(map[string]any{"ops": ops, "faults": faults}, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
