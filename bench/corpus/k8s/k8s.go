// Package k8s is the corpus's tools over apimachinery's types: object
// metadata, label selectors, its times, durations and quantities,
// IntOrString, managed fields, structs that embed a pointer struct, and
// what a dynamic client returns (Unstructured, RawExtension).
package k8s

import (
	"context"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

//go:generate go tool toolgen

// ScaleInput asks to scale a workload.
type ScaleInput struct {
	Namespace string `json:"namespace"`
	Name      string `json:"name"`
	// Selector picks the pods.
	Selector metav1.LabelSelector `json:"selector"`
	// Port is a port number or name.
	Port intstr.IntOrString `json:"port"`
	// MaxSurge is a number or a percentage.
	MaxSurge *intstr.IntOrString `json:"maxSurge,omitempty"`
	// CPU is a CPU limit, such as 500m.
	CPU resource.Quantity `json:"cpu"`
	// Memory is an optional memory limit, such as 1Gi.
	Memory *resource.Quantity `json:"memory,omitempty"`
	// Timeout is how long to wait, such as 30s.
	Timeout metav1.Duration `json:"timeout"`
	// NotBefore is when to start.
	NotBefore metav1.Time `json:"notBefore"`
	// Deadline is when to give up.
	Deadline *metav1.Time `json:"deadline,omitempty"`
}

// Workload is a workload as the API returns it.
type Workload struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WorkloadSpec    `json:"spec"`
	Status            *WorkloadStatus `json:"status,omitempty"`
}

// WorkloadSpec is what a workload should be.
type WorkloadSpec struct {
	Replicas  int32                        `json:"replicas"`
	Selector  *metav1.LabelSelector        `json:"selector"`
	Port      intstr.IntOrString           `json:"port"`
	Resources map[string]resource.Quantity `json:"resources,omitempty"`
	Timeout   metav1.Duration              `json:"timeout"`
}

// WorkloadStatus is what a workload is.
type WorkloadStatus struct {
	Ready          int32              `json:"ready"`
	LastTransition metav1.Time        `json:"lastTransition"`
	Observed       metav1.MicroTime   `json:"observed"`
	Conditions     []metav1.Condition `json:"conditions,omitempty"`
}

// Scale scales a workload.
//
//tool:scale
func Scale(ctx context.Context, in ScaleInput) (Workload, error) {
	return Workload{}, nil
}

// ObjectInput names an object.
type ObjectInput struct {
	Namespace string `json:"namespace"`
	Name      string `json:"name"`
}

// Patch is an object whose metadata is embedded through a pointer, as
// some clients' apply configurations do, and which embeds a pointer to a
// struct with required fields.
type Patch struct {
	metav1.TypeMeta `json:",inline"`
	*metav1.ObjectMeta
	*Revision
	// Fields are the fields the patch manages.
	Fields *metav1.FieldsV1 `json:"fields,omitempty"`
}

// Revision is a revision of an object.
type Revision struct {
	Revision int64       `json:"revision"`
	Author   string      `json:"author"`
	At       metav1.Time `json:"at"`
}

// GetPatch returns the last patch of an object.
//
//tool:get-patch readonly
func GetPatch(ctx context.Context, in ObjectInput) (*Patch, error) {
	return &Patch{}, nil
}

// ManagedFieldsOutput lists who manages which fields of an object.
type ManagedFieldsOutput struct {
	Entries []metav1.ManagedFieldsEntry `json:"entries"`
	Meta    metav1.ObjectMeta           `json:"meta"`
	Fields  metav1.FieldsV1             `json:"fields"`
	Created metav1.Time                 `json:"created"`
	Micro   metav1.MicroTime            `json:"micro"`
}

// ManagedFields lists the managers of an object's fields.
//
//tool:managed-fields readonly
func ManagedFields(ctx context.Context, in ObjectInput) (ManagedFieldsOutput, error) {
	return ManagedFieldsOutput{}, nil
}

// ApplyInput applies metadata to an object: an input that embeds
// *metav1.ObjectMeta.
type ApplyInput struct {
	*metav1.ObjectMeta
	Namespace2 string `json:"targetNamespace"`
	// Owners are the object's new owners.
	Owners []metav1.OwnerReference `json:"owners,omitempty"`
}

// Apply applies metadata.
//
//tool:apply
func Apply(ctx context.Context, in ApplyInput) (*metav1.ObjectMeta, error) {
	return in.ObjectMeta, nil
}

// DynamicOutput is what a dynamic client returns: objects whose
// MarshalJSON writes an object.
type DynamicOutput struct {
	Object    *unstructured.Unstructured  `json:"object"`
	Items     []unstructured.Unstructured `json:"items,omitempty"`
	Extension runtime.RawExtension        `json:"extension"`
}

// GetDynamic fetches an object of any kind.
//
//tool:get-dynamic readonly
func GetDynamic(ctx context.Context, in ObjectInput) (DynamicOutput, error) {
	return DynamicOutput{}, nil
}
