module pbem

go 1.26

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/mattn/go-sqlite3 v1.14.53 // indirect
)
