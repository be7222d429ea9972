package embedded

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/emersion/go-imap/v2"
)

func TestUserNameStripsPlusTagAndRefusesUnsafeNames(t *testing.T) {
	tests := []struct {
		local, want, err string
	}{
		{local: "alice", want: "alice"},
		{local: "Alice", want: "alice"},
		{local: "pbem+1-abc", want: "pbem"},
		{local: "first.last_x-y", want: "first.last_x-y"},
		{local: "", err: "is empty"},
		{local: "+tag", err: "is empty"},
		{local: ".hidden", err: "starts with '.'"},
		{local: "..", err: "starts with '.'"},
		{local: "a/b", err: "contains '/'"},
		{local: "jörg", err: "contains 'ö'"},
		{local: strings.Repeat("x", 65), err: "longer than 64"},
	}
	for _, tt := range tests {
		got, err := userName(tt.local)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("userName(%q) = %q, %v; want an error containing %q", tt.local, got, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("userName(%q) = %q, %v; want %q", tt.local, got, err, tt.want)
		}
	}
}

func TestLoginUserNeedsTheServedDomain(t *testing.T) {
	tests := []struct {
		login, want string
		ok          bool
	}{
		{"alice@localhost", "alice", true},
		{"alice@LocalHost", "alice", true},
		{"alice", "alice", true},
		{"alice@example.org", "", false},
		{"@localhost", "", false},
		{"alice@", "", false},
	}
	for _, tt := range tests {
		got, err := loginUser(tt.login, "localhost")
		if tt.ok != (err == nil) || got != tt.want {
			t.Errorf("loginUser(%q) = %q, %v; want %q, ok %v", tt.login, got, err, tt.want, tt.ok)
		}
	}
}

func TestEscapeNameGivesDistinctFlatDirectoryNames(t *testing.T) {
	names := []string{"INBOX", "Games/Pente", "Games%2FPente", "Games.Pente", ".", "..", "a b", "Entwürfe", "user.json", "state.json"}
	seen := make(map[string]string)
	for _, name := range names {
		e := escapeName(name)
		if strings.ContainsAny(e, "/.") {
			t.Errorf("escapeName(%q) = %q holds '/' or '.'", name, e)
		}
		if other, dup := seen[e]; dup {
			t.Errorf("escapeName maps both %q and %q to %q", other, name, e)
		}
		seen[e] = name
	}
	if got := escapeName("Games/Pente"); got != "Games%2FPente" {
		t.Errorf("escapeName(Games/Pente) = %q, want Games%%2FPente", got)
	}
}

func TestCheckMailboxNameRefusesUnstorableNames(t *testing.T) {
	tests := []struct {
		name, err string
	}{
		{"INBOX", ""},
		{"Games/Pente", ""},
		{"Entwürfe", ""},
		{"", "is empty"},
		{"a//b", "empty level"},
		{"/a", "empty level"},
		{"tab\there", "control character"},
		{"bad\xffutf8", "not valid UTF-8"},
		{strings.Repeat("ü", 50), "too long"},
	}
	for _, tt := range tests {
		err := checkMailboxName(tt.name)
		if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("checkMailboxName(%q) = %v, want %q", tt.name, err, tt.err)
		}
	}
}

func TestStoreFlagsIsCaseInsensitiveAndCopies(t *testing.T) {
	base := []imap.Flag{"$Pbem", imap.FlagSeen}
	tests := []struct {
		name   string
		op     imap.StoreFlagsOp
		change []imap.Flag
		want   []imap.Flag
	}{
		{"add keeps one spelling", imap.StoreFlagsAdd, []imap.Flag{`\SEEN`, `\flagged`}, []imap.Flag{"$Pbem", imap.FlagFlagged, imap.FlagSeen}},
		{"remove ignores case", imap.StoreFlagsDel, []imap.Flag{"$pbem"}, []imap.Flag{imap.FlagSeen}},
		{"set replaces and drops \\Recent", imap.StoreFlagsSet, []imap.Flag{`\Recent`, `\answered`}, []imap.Flag{imap.FlagAnswered}},
	}
	for _, tt := range tests {
		got := storeFlags(base, tt.op, tt.change)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
		if !slices.Equal(base, []imap.Flag{"$Pbem", imap.FlagSeen}) {
			t.Fatalf("%s changed its input to %v", tt.name, base)
		}
	}
}

func TestConfigErrorsNameTheField(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		want []string
	}{
		{"nothing set", Config{}, []string{"Config.Dir"}},
		{"port out of range", Config{Dir: "x", SMTPPort: 70000}, []string{"Config.SMTPPort is 70000"}},
		{"address as domain", Config{Dir: "x", Domain: "pbem@localhost"}, []string{"Config.Domain"}},
		{"service without password", Config{Dir: "x", Service: "pbem@localhost"}, []string{"Config.ServicePassword"}},
		{"service that is no address", Config{Dir: "x", Service: "pbem", ServicePassword: "p"}, []string{"Config.Service is"}},
		{"negative limit", Config{Dir: "x", MaxRecipients: -1, MaxMessageBytes: 1 << 40}, []string{"Config.MaxRecipients is -1", "Config.MaxMessageBytes"}},
	}
	for _, tt := range tests {
		_, err := Start(context.Background(), tt.cfg)
		if err == nil {
			t.Errorf("%s: Start accepted %+v", tt.name, tt.cfg)
			continue
		}
		if m := missing(err.Error(), tt.want...); m != nil {
			t.Errorf("%s: error %q lacks %q", tt.name, err, m)
		}
	}
}
