package sample

import (
	"errors"
	"fmt"
)

func told() string { return "Your move is refused" }

func code() string { return "pente.occupied" }

func fault() error { return fmt.Errorf("open the store: %w", errors.New("disk is full")) }

// Name is a name, allowed.
var Name = "Pinuid Quatro"
