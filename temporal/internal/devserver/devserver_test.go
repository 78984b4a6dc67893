package devserver

import (
	"context"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
)

func TestStart(t *testing.T) {
	s := Start(t)
	c, err := s.Dial()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := c.CheckHealth(ctx, &client.CheckHealthRequest{}); err != nil {
		t.Fatalf("health check: %v", err)
	}
	if err := s.Stop(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Dial(); err == nil {
		t.Error("the server still answers after Stop")
	}
}
