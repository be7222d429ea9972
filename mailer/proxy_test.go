package mailer

import (
	"net"
	"sync"
	"sync/atomic"
	"testing"
)

// blackHoleProxy forwards TCP connections to a server until told to turn
// the open ones into black holes: they stay open but nothing passes either
// way, like a peer that vanished without a FIN. New connections pass.
type blackHoleProxy struct {
	Addr string
	l    net.Listener

	mu     sync.Mutex
	holes  []*atomic.Bool
	conns  []net.Conn
	closed bool
}

func newBlackHoleProxy(t testing.TB, target string) *blackHoleProxy {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &blackHoleProxy{Addr: l.Addr().String(), l: l}
	t.Cleanup(p.close)
	go p.serve(target)
	return p
}

func (p *blackHoleProxy) serve(target string) {
	for {
		c, err := p.l.Accept()
		if err != nil {
			return
		}
		s, err := net.Dial("tcp", target)
		if err != nil {
			c.Close()
			continue
		}
		hole := new(atomic.Bool)
		p.mu.Lock()
		if p.closed {
			p.mu.Unlock()
			c.Close()
			s.Close()
			return
		}
		p.holes = append(p.holes, hole)
		p.conns = append(p.conns, c, s)
		p.mu.Unlock()
		go pipe(c, s, hole)
		go pipe(s, c, hole)
	}
}

// pipe copies src to dst, dropping what it reads once hole is set.
func pipe(dst, src net.Conn, hole *atomic.Bool) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 && !hole.Load() {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			if !hole.Load() {
				dst.Close()
			}
			return
		}
	}
}

// swallow turns every open connection into a black hole.
func (p *blackHoleProxy) swallow() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, h := range p.holes {
		h.Store(true)
	}
}

func (p *blackHoleProxy) close() {
	p.mu.Lock()
	p.closed = true
	conns := p.conns
	p.mu.Unlock()
	p.l.Close()
	for _, c := range conns {
		c.Close()
	}
}
