package clean

import "testing"

func TestTools(t *testing.T) {
	if len(Tools()) != 1 || len(StationTools(&Station{})) != 1 || ForecastSchema == nil {
		t.Fatal("the generated toolsets are wrong")
	}
}
