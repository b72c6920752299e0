// The server under test: one monotable process on a fixed loopback port and data
// directory, which the nemesis kills, pauses and restarts. Not safe for concurrent use:
// only the runner's goroutine (nemesis, then the final phase) drives it.
package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"time"
)

type Server struct {
	bin, dbPath, logDir string
	port                int
	extra               []string
	proc                *exec.Cmd
	exited              chan struct{}
	starts              int
	history             *History
	mu                  sync.Mutex
	expected            bool   // the exit is ours (Kill, Stop)
	crash               string // an exit that was not: the first anomaly of all
}

// Crash is how the process exited without being told to, or "".
func (s *Server) Crash() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.crash
}

func (s *Server) expectExit() {
	s.mu.Lock()
	s.expected = true
	s.mu.Unlock()
}

// freePort asks the kernel for a free loopback port.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func NewServer(bin, dbPath, logDir string, extra []string, h *History) (*Server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	return &Server{bin: bin, dbPath: dbPath, logDir: logDir, port: port, extra: extra, history: h}, nil
}

func (s *Server) Endpoint() string { return fmt.Sprintf("http://127.0.0.1:%d", s.port) }

// Start runs the binary on the data directory and waits until GET / answers 200. The
// port is the same at every restart (a killed process frees it at once), so the
// clients keep their endpoint.
func (s *Server) Start() error {
	s.starts++
	log, err := os.Create(filepath.Join(s.logDir, fmt.Sprintf("server-%03d.log", s.starts)))
	if err != nil {
		return err
	}
	args := append([]string{"--port", fmt.Sprint(s.port), "--db-path", s.dbPath}, s.extra...)
	var lastErr error
	for attempt := 0; attempt < 20; attempt++ {
		cmd := exec.Command(s.bin, args...)
		cmd.Stdout, cmd.Stderr = log, log
		if err := cmd.Start(); err != nil {
			return err
		}
		s.proc, s.exited = cmd, make(chan struct{})
		s.mu.Lock()
		s.expected, s.crash = false, ""
		s.mu.Unlock()
		go func(c *exec.Cmd, done chan struct{}) {
			c.Wait()
			s.mu.Lock()
			if !s.expected {
				s.crash = fmt.Sprintf("monotable exited unexpectedly (%v); its log: %s", c.ProcessState, log.Name())
			}
			s.mu.Unlock()
			close(done)
		}(cmd, s.exited)
		if lastErr = s.waitReady(30 * time.Second); lastErr == nil {
			return nil
		}
		s.Kill()
		time.Sleep(250 * time.Millisecond) // the port may still be held by a dying client
	}
	return fmt.Errorf("monotable did not start (log %s): %w", log.Name(), lastErr)
}

func (s *Server) waitReady(limit time.Duration) error {
	client := http.Client{Timeout: time.Second}
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		select {
		case <-s.exited:
			return fmt.Errorf("exited during start-up: %v", s.proc.ProcessState)
		default:
		}
		if resp, err := client.Get(s.Endpoint() + "/"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("no 200 to GET / within %v", limit)
}

func (s *Server) signal(sig syscall.Signal) error { return s.proc.Process.Signal(sig) }

// Kill SIGKILLs the process and waits for its exit, which it records as a death.
func (s *Server) Kill() {
	s.expectExit()
	s.signal(syscall.SIGKILL)
	<-s.exited
	s.history.Died(s.history.Now())
}

// Stop asks for a clean shutdown (SIGTERM) and waits; a death too.
func (s *Server) Stop() error {
	s.expectExit()
	s.signal(syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(60 * time.Second):
		s.Kill()
		return fmt.Errorf("monotable did not stop within 60 s of SIGTERM")
	}
	s.history.Died(s.history.Now())
	if !s.proc.ProcessState.Success() {
		return fmt.Errorf("monotable exited with %v after SIGTERM", s.proc.ProcessState)
	}
	return nil
}

func (s *Server) Pause() error  { return s.signal(syscall.SIGSTOP) }
func (s *Server) Resume() error { return s.signal(syscall.SIGCONT) }

// Check runs `monotable check` on the data directory; the server must be stopped.
func (s *Server) Check() error {
	out, err := exec.Command(s.bin, "check", "--db-path", s.dbPath).CombinedOutput()
	if err != nil {
		return fmt.Errorf("monotable check failed (%v):\n%s", err, out)
	}
	return nil
}
