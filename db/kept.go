package db

import "sync"

// kept is a map of rows the store keeps between transactions, safe for
// concurrent use. With max above 0 it holds at most max keys: a new key
// then pushes out any one other (map order is random).
type kept[K comparable, V any] struct {
	mu  sync.Mutex
	max int
	m   map[K]V
}

func newKept[K comparable, V any](max int) *kept[K, V] {
	return &kept[K, V]{max: max, m: map[K]V{}}
}

func (k *kept[K, V]) get(key K) (V, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	v, ok := k.m[key]
	return v, ok
}

func (k *kept[K, V]) put(key K, v V) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if _, have := k.m[key]; !have && k.max > 0 && len(k.m) >= k.max {
		for other := range k.m {
			delete(k.m, other)
			break
		}
	}
	k.m[key] = v
}

func (k *kept[K, V]) drop(key K) {
	k.mu.Lock()
	defer k.mu.Unlock()
	delete(k.m, key)
}

// clear drops every key.
func (k *kept[K, V]) clear() {
	k.mu.Lock()
	defer k.mu.Unlock()
	clear(k.m)
}
