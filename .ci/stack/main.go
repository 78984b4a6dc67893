// Command stack is a program of a user's module that runs Genkit with its
// Google AI plugin and Eino, and adds toolgen's tools to them: it must
// build with every module at the version this module selects.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/firebase/genkit/go/genkit"
	"github.com/firebase/genkit/go/plugins/googlegenai"

	"example.com/stack/orders"
)

func main() {
	ctx := context.Background()
	g := genkit.Init(ctx, genkit.WithPlugins(&googlegenai.GoogleAI{APIKey: "offline"}))
	_ = g
	for key := range orders.Tools() {
		fmt.Println(key)
	}
	os.Exit(0)
}
