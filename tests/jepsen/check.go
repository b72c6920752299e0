// The checks of a finished run: Porcupine's linearizability check of the register
// history (per key) and of the bank's transactions (per segment, whole transactions as
// steps of a serial bank: strict serializability), the bank's invariants, and the
// nemesis' `monotable check` results. A failing history is saved as JSON with
// Porcupine's HTML visualisation, the faults drawn on it.
package main

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/anishathalye/porcupine"
)

const maxListed = 20 // anomalies listed in the report (history.json has them all)

type Report struct {
	Seed         int64             `json:"seed"`
	Nemesis      string            `json:"nemesis"`
	Duration     string            `json:"duration"`
	Ops          map[string]int    `json:"ops"`    // kind/status -> count
	Faults       map[string]int    `json:"faults"` // kind -> count
	DataChecks   int               `json:"data_checks"`
	Partitions   map[string]int    `json:"partitions_checked"`
	Porcupine    map[string]string `json:"porcupine"` // history -> Ok, Illegal or Unknown
	CheckTime    string            `json:"check_time"`
	Anomalies    []string          `json:"anomalies"` // the first maxListed
	AnomalyCount int               `json:"anomaly_count"`
	Saved        []string          `json:"saved,omitempty"`
	OutDir       string            `json:"out_dir"`
}

func check(o Options, h *History, nem *Nemesis, receipts map[int64]bool) (*Report, error) {
	ops, faults := h.Snapshot()
	r := &Report{Seed: o.seed, Nemesis: o.nemesis, Duration: o.duration.String(), Ops: map[string]int{},
		Faults: map[string]int{}, Partitions: map[string]int{}, Porcupine: map[string]string{}, DataChecks: nem.checks, OutDir: o.out}
	for _, op := range ops {
		r.Ops[op.Kind+"/"+op.Status.String()]++
	}
	for _, f := range faults {
		r.Faults[f.Kind]++
	}
	if nem.failure != nil {
		r.Anomalies = append(r.Anomalies, "nemesis: "+nem.failure.Error())
	}
	start := time.Now()
	var register, bank []porcupine.Operation
	for _, op := range ops {
		switch op.Kind {
		case "register":
			if p, keep := registerOperation(h, op); keep {
				register = append(register, p)
			}
		case "bank":
			p, keep, anomaly := bankOperation(h, op, receipts, nem.failure == nil)
			if anomaly != "" {
				r.Anomalies = append(r.Anomalies, anomaly)
			}
			if keep {
				bank = append(bank, p)
			}
		}
	}
	if nem.failure == nil { // without the final reads receipts are unknown: the bank is not judged
		r.Anomalies = append(r.Anomalies, lostReceipts(ops, receipts)...)
	}
	for _, c := range []struct {
		name  string
		model porcupine.Model
		ops   []porcupine.Operation
	}{{"register", registerModel(), register}, {"bank", bankModel(), bank}} {
		if c.name == "bank" && nem.failure != nil {
			continue
		}
		r.Partitions[c.name] = len(c.model.Partition(c.ops))
		res, info := porcupine.CheckOperationsVerbose(c.model, c.ops, o.checkTimeout)
		r.Porcupine[c.name] = string(res)
		if res == porcupine.Ok {
			continue
		}
		r.Anomalies = append(r.Anomalies, fmt.Sprintf("%s history: Porcupine says %s", c.name, res))
		info.AddAnnotations(annotations(faults))
		html := filepath.Join(o.out, c.name+".html")
		if err := porcupine.VisualizePath(c.model, info, html); err != nil {
			return nil, err
		}
		r.Saved = append(r.Saved, html)
	}
	r.CheckTime = time.Since(start).Round(time.Millisecond).String()
	if r.AnomalyCount = len(r.Anomalies); r.AnomalyCount > maxListed {
		r.Anomalies = r.Anomalies[:maxListed]
	}
	if len(r.Anomalies) > 0 {
		path := filepath.Join(o.out, "history.json")
		if err := h.Save(path); err != nil {
			return nil, err
		}
		r.Saved = append(r.Saved, path)
	}
	return r, nil
}

// registerOperation: the op as Porcupine sees it. Left out: reads without an answer
// and refused writes (no effect, nothing learned). An Unknown write may take effect
// until the server process it reached dies.
func registerOperation(h *History, op Op) (porcupine.Operation, bool) {
	in, out := op.Input.(RegInput), op.Output.(RegOutput)
	ret := op.Return
	switch {
	case op.Status == NotApplied, op.Status == Unknown && in.Op == "read":
		return porcupine.Operation{}, false
	case op.Status == Unknown:
		ret = h.EffectBound(op.Call)
	}
	return porcupine.Operation{ClientId: op.Client, Input: in, Output: out, Call: op.Call, Return: ret}, true
}

// bankOperation: the op as Porcupine sees it, with an Unknown transfer resolved by its
// receipt (found: it committed, before the death that followed it; missing: it never
// did), and the invariants an op shows alone (a snapshot's sum, a refused transfer's
// receipt).
func bankOperation(h *History, op Op, receipts map[int64]bool, judged bool) (porcupine.Operation, bool, string) {
	in, out := op.Input.(BankInput), op.Output.(BankOutput)
	p := porcupine.Operation{ClientId: op.Client, Input: in, Output: out, Call: op.Call, Return: op.Return}
	if in.Op == "read" {
		if op.Status != Ok {
			return p, false, ""
		}
		var sum int64
		negative := false
		for _, b := range out.Balances {
			sum += b
			negative = negative || b < 0
		}
		if sum != accounts*initialFunds || negative {
			return p, true, fmt.Sprintf("bank s%d: a snapshot %v (sum %d, want %d) at %v", in.Seg,
				out.Balances, sum, accounts*initialFunds, time.Duration(op.Call))
		}
		return p, true, ""
	}
	if !judged {
		return p, false, ""
	}
	committed := receipts[in.Id]
	switch op.Status {
	case Unknown:
		if !committed {
			return p, false, ""
		}
		p.Output, p.Return = BankOutput{Status: Ok}, h.EffectBound(op.Call)
	case NotApplied, CondFailed:
		if committed {
			return p, false, fmt.Sprintf("bank s%d: transfer t%d was refused (%s) but its receipt exists",
				in.Seg, in.Id, op.Error)
		}
		if op.Status == NotApplied {
			return p, false, ""
		}
	}
	return p, true, ""
}

// lostReceipts: every acknowledged transfer's receipt must be there at the end.
func lostReceipts(ops []Op, receipts map[int64]bool) []string {
	var lost []string
	for _, op := range ops {
		if in, ok := op.Input.(BankInput); ok && in.Op == "transfer" && op.Status == Ok && !receipts[in.Id] {
			lost = append(lost, fmt.Sprintf("bank s%d: acknowledged transfer t%d is lost (no receipt)", in.Seg, in.Id))
		}
	}
	return lost
}

func annotations(faults []Fault) []porcupine.Annotation {
	var out []porcupine.Annotation
	for _, f := range faults {
		out = append(out, porcupine.Annotation{Tag: "nemesis", Start: f.Start, End: f.End,
			Description: f.Kind, Details: f.Note, BackgroundColor: "#f4cccc"})
	}
	return out
}
