package main

import (
	"context"
	"fmt"
	"strings"
)

//go:generate go tool toolgen

// LogQuery asks for the recent log lines of a service.
type LogQuery struct {
	// Service is the service's name, such as "checkout".
	Service string `json:"service" jsonschema:"minLength=1"`
	// Match keeps only the lines that contain it.
	Match string `json:"match,omitempty"`
}

// LogLines are the matching lines, newest first.
type LogLines struct {
	Lines []string `json:"lines"`
}

// SearchLogs returns the recent log lines of a service that contain a
// string.
//
//tool:search-logs key=searchLogs readonly
func SearchLogs(ctx context.Context, in LogQuery) (LogLines, error) {
	var out LogLines
	for _, l := range logs[in.Service] {
		if strings.Contains(l, in.Match) {
			out.Lines = append(out.Lines, l)
		}
	}
	if out.Lines == nil {
		return out, fmt.Errorf("no log lines of %q match %q", in.Service, in.Match)
	}
	return out, nil
}

// MetricQuery names a service's metric.
type MetricQuery struct {
	// Service is the service's name.
	Service string `json:"service" jsonschema:"minLength=1"`
	// Metric is one of error_rate and p99_ms.
	Metric string `json:"metric" jsonschema:"enum=error_rate,enum=p99_ms"`
}

// Metric is a metric's value over the last five minutes and the hour
// before.
type Metric struct {
	Now      float64 `json:"now"`
	HourAgo  float64 `json:"hourAgo"`
	Unit     string  `json:"unit"`
	Breached bool    `json:"breached"`
}

// GetMetric reads one metric of a service.
//
//tool:get-metric key=getMetric readonly
func GetMetric(ctx context.Context, in MetricQuery) (Metric, error) {
	m, ok := metrics[in.Service+"/"+in.Metric]
	if !ok {
		return Metric{}, fmt.Errorf("no metric %s of %q", in.Metric, in.Service)
	}
	return m, nil
}

// TicketInput is a ticket for the on-call engineer.
type TicketInput struct {
	// Title says what is wrong, in a line.
	Title string `json:"title" jsonschema:"minLength=1"`
	// Severity is sev1 (customers are hurt now) to sev3.
	Severity string `json:"severity" jsonschema:"enum=sev1,enum=sev2,enum=sev3"`
	// Evidence is what the logs and metrics showed.
	Evidence []string `json:"evidence"`
}

// Ticket is the filed ticket.
type Ticket struct {
	ID       string `json:"id"`
	Severity string `json:"severity"`
}

// FileTicket files a ticket for the on-call engineer. Filing ends the
// triage.
//
//tool:file-ticket key=fileTicket
func FileTicket(ctx context.Context, in TicketInput) (Ticket, error) {
	return Ticket{ID: "OPS-1042", Severity: in.Severity}, nil
}

// logs and metrics are what the offline tools read.
var (
	logs = map[string][]string{
		"checkout": {
			"12:04:09 ERROR payment gateway timeout after 30s (order 8812)",
			"12:04:02 ERROR payment gateway timeout after 30s (order 8809)",
			"12:03:40 WARN retrying payment call (order 8809)",
		},
	}
	metrics = map[string]Metric{
		"checkout/error_rate": {Now: 7.5, HourAgo: 0.2, Unit: "%", Breached: true},
		"checkout/p99_ms":     {Now: 30150, HourAgo: 420, Unit: "ms", Breached: true},
	}
)
