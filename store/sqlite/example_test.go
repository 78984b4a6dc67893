package sqlite_test

import (
	"log"
	"net/http"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/store/sqlite"
	"github.com/toolgen-go/toolgen/uistream"
)

// A chat server keeps its paused runs and the background tasks of its
// conversations in a file, so that they survive a restart or a deploy.
func ExampleOpen() {
	var a *agent.Agent // the application's agent

	st, err := sqlite.Open("chat.db", sqlite.Options{}) // created and migrated on first use
	if err != nil {
		log.Fatal(err)
	}
	defer st.Close()
	http.Handle("/api/chat", &uistream.Handler{Agent: a, Store: st})
}
