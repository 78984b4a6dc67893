// Package pod is a tool whose input is the size of a Kubernetes Pod: the
// fields of core/v1 Pod, ObjectMeta, PodSpec, Container, Volume, Probe,
// Affinity and PodStatus that a model could be asked to fill, 73 nested
// struct types and about 300 fields, written out here so that every
// library reflects the same plain Go types (no custom marshalers). The
// benchmarks call it directly, in the standard dialect (-dialects).
package pod

//go:generate go tool toolgen -dialects standard

import (
	"context"
	"time"
)

// Pod is a collection of containers that run on a host.
type Pod struct {
	TypeMeta
	// Metadata is the object's metadata.
	Metadata ObjectMeta `json:"metadata"`
	// Spec is the desired behavior of the pod.
	Spec PodSpec `json:"spec"`
	// Status is the most recently observed status of the pod.
	Status *PodStatus `json:"status,omitempty"`
}

// TypeMeta describes an individual object in an API response or request.
type TypeMeta struct {
	Kind       string `json:"kind,omitempty"`
	APIVersion string `json:"apiVersion,omitempty"`
}

// ObjectMeta is metadata that all persisted resources must have.
type ObjectMeta struct {
	Name              string            `json:"name"`
	GenerateName      string            `json:"generateName,omitempty"`
	Namespace         string            `json:"namespace,omitempty"`
	UID               string            `json:"uid,omitempty"`
	ResourceVersion   string            `json:"resourceVersion,omitempty"`
	Generation        int64             `json:"generation,omitempty"`
	CreationTimestamp *time.Time        `json:"creationTimestamp,omitempty"`
	DeletionTimestamp *time.Time        `json:"deletionTimestamp,omitempty"`
	Labels            map[string]string `json:"labels,omitempty"`
	Annotations       map[string]string `json:"annotations,omitempty"`
	OwnerReferences   []OwnerReference  `json:"ownerReferences,omitempty"`
	Finalizers        []string          `json:"finalizers,omitempty"`
}

// OwnerReference identifies an owning object.
type OwnerReference struct {
	APIVersion         string `json:"apiVersion"`
	Kind               string `json:"kind"`
	Name               string `json:"name"`
	UID                string `json:"uid"`
	Controller         *bool  `json:"controller,omitempty"`
	BlockOwnerDeletion *bool  `json:"blockOwnerDeletion,omitempty"`
}

// RestartPolicy says when containers are restarted.
type RestartPolicy string

// The restart policies.
const (
	RestartAlways    RestartPolicy = "Always"
	RestartOnFailure RestartPolicy = "OnFailure"
	RestartNever     RestartPolicy = "Never"
)

// DNSPolicy says how a pod's DNS is configured.
type DNSPolicy string

// The DNS policies.
const (
	DNSClusterFirstWithHostNet DNSPolicy = "ClusterFirstWithHostNet"
	DNSClusterFirst            DNSPolicy = "ClusterFirst"
	DNSDefault                 DNSPolicy = "Default"
	DNSNone                    DNSPolicy = "None"
)

// PodSpec is the description of a pod.
type PodSpec struct {
	Volumes                       []Volume              `json:"volumes,omitempty"`
	InitContainers                []Container           `json:"initContainers,omitempty"`
	Containers                    []Container           `json:"containers"`
	RestartPolicy                 RestartPolicy         `json:"restartPolicy,omitempty"`
	TerminationGracePeriodSeconds *int64                `json:"terminationGracePeriodSeconds,omitempty"`
	ActiveDeadlineSeconds         *int64                `json:"activeDeadlineSeconds,omitempty"`
	DNSPolicy                     DNSPolicy             `json:"dnsPolicy,omitempty"`
	NodeSelector                  map[string]string     `json:"nodeSelector,omitempty"`
	ServiceAccountName            string                `json:"serviceAccountName,omitempty"`
	AutomountServiceAccountToken  *bool                 `json:"automountServiceAccountToken,omitempty"`
	NodeName                      string                `json:"nodeName,omitempty"`
	HostNetwork                   bool                  `json:"hostNetwork,omitempty"`
	HostPID                       bool                  `json:"hostPID,omitempty"`
	HostIPC                       bool                  `json:"hostIPC,omitempty"`
	ShareProcessNamespace         *bool                 `json:"shareProcessNamespace,omitempty"`
	SecurityContext               *PodSecurityContext   `json:"securityContext,omitempty"`
	ImagePullSecrets              []LocalObjectRef      `json:"imagePullSecrets,omitempty"`
	Hostname                      string                `json:"hostname,omitempty"`
	Subdomain                     string                `json:"subdomain,omitempty"`
	Affinity                      *Affinity             `json:"affinity,omitempty"`
	SchedulerName                 string                `json:"schedulerName,omitempty"`
	Tolerations                   []Toleration          `json:"tolerations,omitempty"`
	HostAliases                   []HostAlias           `json:"hostAliases,omitempty"`
	PriorityClassName             string                `json:"priorityClassName,omitempty"`
	Priority                      *int32                `json:"priority,omitempty"`
	DNSConfig                     *PodDNSConfig         `json:"dnsConfig,omitempty"`
	ReadinessGates                []PodReadinessGate    `json:"readinessGates,omitempty"`
	RuntimeClassName              *string               `json:"runtimeClassName,omitempty"`
	EnableServiceLinks            *bool                 `json:"enableServiceLinks,omitempty"`
	Overhead                      map[string]string     `json:"overhead,omitempty"`
	TopologySpreadConstraints     []TopologySpread      `json:"topologySpreadConstraints,omitempty"`
	SetHostnameAsFQDN             *bool                 `json:"setHostnameAsFQDN,omitempty"`
	OS                            *PodOS                `json:"os,omitempty"`
	SchedulingGates               []PodSchedulingGate   `json:"schedulingGates,omitempty"`
	ResourceClaims                []PodResourceClaim    `json:"resourceClaims,omitempty"`
	Resources                     *ResourceRequirements `json:"resources,omitempty"`
}

// Volume is a named volume in a pod.
type Volume struct {
	Name                  string                   `json:"name"`
	HostPath              *HostPathVolumeSource    `json:"hostPath,omitempty"`
	EmptyDir              *EmptyDirVolumeSource    `json:"emptyDir,omitempty"`
	Secret                *SecretVolumeSource      `json:"secret,omitempty"`
	ConfigMap             *ConfigMapVolumeSource   `json:"configMap,omitempty"`
	PersistentVolumeClaim *PVCVolumeSource         `json:"persistentVolumeClaim,omitempty"`
	Projected             *ProjectedVolumeSource   `json:"projected,omitempty"`
	DownwardAPI           *DownwardAPIVolumeSource `json:"downwardAPI,omitempty"`
	NFS                   *NFSVolumeSource         `json:"nfs,omitempty"`
	CSI                   *CSIVolumeSource         `json:"csi,omitempty"`
}

// HostPathVolumeSource is a directory on the host.
type HostPathVolumeSource struct {
	Path string  `json:"path"`
	Type *string `json:"type,omitempty"`
}

// EmptyDirVolumeSource is a temporary directory that shares a pod's lifetime.
type EmptyDirVolumeSource struct {
	Medium    string `json:"medium,omitempty"`
	SizeLimit string `json:"sizeLimit,omitempty"`
}

// KeyToPath maps a key to a path in a volume.
type KeyToPath struct {
	Key  string `json:"key"`
	Path string `json:"path"`
	Mode *int32 `json:"mode,omitempty"`
}

// SecretVolumeSource adapts a Secret into a volume.
type SecretVolumeSource struct {
	SecretName  string      `json:"secretName,omitempty"`
	Items       []KeyToPath `json:"items,omitempty"`
	DefaultMode *int32      `json:"defaultMode,omitempty"`
	Optional    *bool       `json:"optional,omitempty"`
}

// ConfigMapVolumeSource adapts a ConfigMap into a volume.
type ConfigMapVolumeSource struct {
	LocalObjectRef
	Items       []KeyToPath `json:"items,omitempty"`
	DefaultMode *int32      `json:"defaultMode,omitempty"`
	Optional    *bool       `json:"optional,omitempty"`
}

// PVCVolumeSource references a PersistentVolumeClaim.
type PVCVolumeSource struct {
	ClaimName string `json:"claimName"`
	ReadOnly  bool   `json:"readOnly,omitempty"`
}

// ProjectedVolumeSource projects several sources into one directory.
type ProjectedVolumeSource struct {
	Sources     []VolumeProjection `json:"sources"`
	DefaultMode *int32             `json:"defaultMode,omitempty"`
}

// VolumeProjection is one projected source.
type VolumeProjection struct {
	Secret              *SecretProjection              `json:"secret,omitempty"`
	DownwardAPI         *DownwardAPIProjection         `json:"downwardAPI,omitempty"`
	ConfigMap           *ConfigMapProjection           `json:"configMap,omitempty"`
	ServiceAccountToken *ServiceAccountTokenProjection `json:"serviceAccountToken,omitempty"`
}

// SecretProjection projects a Secret.
type SecretProjection struct {
	LocalObjectRef
	Items    []KeyToPath `json:"items,omitempty"`
	Optional *bool       `json:"optional,omitempty"`
}

// ConfigMapProjection projects a ConfigMap.
type ConfigMapProjection struct {
	LocalObjectRef
	Items    []KeyToPath `json:"items,omitempty"`
	Optional *bool       `json:"optional,omitempty"`
}

// DownwardAPIProjection projects pod fields.
type DownwardAPIProjection struct {
	Items []DownwardAPIVolumeFile `json:"items,omitempty"`
}

// ServiceAccountTokenProjection projects a service account token.
type ServiceAccountTokenProjection struct {
	Audience          string `json:"audience,omitempty"`
	ExpirationSeconds *int64 `json:"expirationSeconds,omitempty"`
	Path              string `json:"path"`
}

// DownwardAPIVolumeSource exposes pod fields as files.
type DownwardAPIVolumeSource struct {
	Items       []DownwardAPIVolumeFile `json:"items,omitempty"`
	DefaultMode *int32                  `json:"defaultMode,omitempty"`
}

// DownwardAPIVolumeFile is one file of a downward API volume.
type DownwardAPIVolumeFile struct {
	Path             string                 `json:"path"`
	FieldRef         *ObjectFieldSelector   `json:"fieldRef,omitempty"`
	ResourceFieldRef *ResourceFieldSelector `json:"resourceFieldRef,omitempty"`
	Mode             *int32                 `json:"mode,omitempty"`
}

// NFSVolumeSource is an NFS mount.
type NFSVolumeSource struct {
	Server   string `json:"server"`
	Path     string `json:"path"`
	ReadOnly bool   `json:"readOnly,omitempty"`
}

// CSIVolumeSource is a volume from a CSI driver.
type CSIVolumeSource struct {
	Driver               string            `json:"driver"`
	ReadOnly             *bool             `json:"readOnly,omitempty"`
	FSType               *string           `json:"fsType,omitempty"`
	VolumeAttributes     map[string]string `json:"volumeAttributes,omitempty"`
	NodePublishSecretRef *LocalObjectRef   `json:"nodePublishSecretRef,omitempty"`
}

// LocalObjectRef names an object in the same namespace.
type LocalObjectRef struct {
	Name string `json:"name,omitempty"`
}

// PullPolicy says when an image is pulled.
type PullPolicy string

// The pull policies.
const (
	PullAlways       PullPolicy = "Always"
	PullNever        PullPolicy = "Never"
	PullIfNotPresent PullPolicy = "IfNotPresent"
)

// Container is a single application container in a pod.
type Container struct {
	Name                     string               `json:"name"`
	Image                    string               `json:"image,omitempty"`
	Command                  []string             `json:"command,omitempty"`
	Args                     []string             `json:"args,omitempty"`
	WorkingDir               string               `json:"workingDir,omitempty"`
	Ports                    []ContainerPort      `json:"ports,omitempty"`
	EnvFrom                  []EnvFromSource      `json:"envFrom,omitempty"`
	Env                      []EnvVar             `json:"env,omitempty"`
	Resources                ResourceRequirements `json:"resources,omitempty"`
	ResizePolicy             []ResizePolicy       `json:"resizePolicy,omitempty"`
	RestartPolicy            *RestartPolicy       `json:"restartPolicy,omitempty"`
	VolumeMounts             []VolumeMount        `json:"volumeMounts,omitempty"`
	VolumeDevices            []VolumeDevice       `json:"volumeDevices,omitempty"`
	LivenessProbe            *Probe               `json:"livenessProbe,omitempty"`
	ReadinessProbe           *Probe               `json:"readinessProbe,omitempty"`
	StartupProbe             *Probe               `json:"startupProbe,omitempty"`
	Lifecycle                *Lifecycle           `json:"lifecycle,omitempty"`
	TerminationMessagePath   string               `json:"terminationMessagePath,omitempty"`
	TerminationMessagePolicy string               `json:"terminationMessagePolicy,omitempty"`
	ImagePullPolicy          PullPolicy           `json:"imagePullPolicy,omitempty"`
	SecurityContext          *SecurityContext     `json:"securityContext,omitempty"`
	Stdin                    bool                 `json:"stdin,omitempty"`
	StdinOnce                bool                 `json:"stdinOnce,omitempty"`
	TTY                      bool                 `json:"tty,omitempty"`
}

// ContainerPort is a network port in a container.
type ContainerPort struct {
	Name          string `json:"name,omitempty"`
	HostPort      int32  `json:"hostPort,omitempty"`
	ContainerPort int32  `json:"containerPort"`
	Protocol      string `json:"protocol,omitempty"`
	HostIP        string `json:"hostIP,omitempty"`
}

// EnvFromSource populates environment variables from a source.
type EnvFromSource struct {
	Prefix       string          `json:"prefix,omitempty"`
	ConfigMapRef *LocalObjectRef `json:"configMapRef,omitempty"`
	SecretRef    *LocalObjectRef `json:"secretRef,omitempty"`
}

// EnvVar is an environment variable in a container.
type EnvVar struct {
	Name      string        `json:"name"`
	Value     string        `json:"value,omitempty"`
	ValueFrom *EnvVarSource `json:"valueFrom,omitempty"`
}

// EnvVarSource is a source for an environment variable's value.
type EnvVarSource struct {
	FieldRef         *ObjectFieldSelector   `json:"fieldRef,omitempty"`
	ResourceFieldRef *ResourceFieldSelector `json:"resourceFieldRef,omitempty"`
	ConfigMapKeyRef  *KeySelector           `json:"configMapKeyRef,omitempty"`
	SecretKeyRef     *KeySelector           `json:"secretKeyRef,omitempty"`
}

// ObjectFieldSelector selects a field of the pod.
type ObjectFieldSelector struct {
	APIVersion string `json:"apiVersion,omitempty"`
	FieldPath  string `json:"fieldPath"`
}

// ResourceFieldSelector selects a container resource.
type ResourceFieldSelector struct {
	ContainerName string `json:"containerName,omitempty"`
	Resource      string `json:"resource"`
	Divisor       string `json:"divisor,omitempty"`
}

// KeySelector selects a key of a ConfigMap or Secret.
type KeySelector struct {
	LocalObjectRef
	Key      string `json:"key"`
	Optional *bool  `json:"optional,omitempty"`
}

// ResourceRequirements describes compute resource requirements.
type ResourceRequirements struct {
	Limits   map[string]string `json:"limits,omitempty"`
	Requests map[string]string `json:"requests,omitempty"`
	Claims   []ResourceClaim   `json:"claims,omitempty"`
}

// ResourceClaim references a pod resource claim.
type ResourceClaim struct {
	Name    string `json:"name"`
	Request string `json:"request,omitempty"`
}

// ResizePolicy says how a resource is resized.
type ResizePolicy struct {
	ResourceName  string `json:"resourceName"`
	RestartPolicy string `json:"restartPolicy"`
}

// VolumeMount mounts a volume in a container.
type VolumeMount struct {
	Name             string  `json:"name"`
	ReadOnly         bool    `json:"readOnly,omitempty"`
	MountPath        string  `json:"mountPath"`
	SubPath          string  `json:"subPath,omitempty"`
	MountPropagation *string `json:"mountPropagation,omitempty"`
	SubPathExpr      string  `json:"subPathExpr,omitempty"`
}

// VolumeDevice maps a raw block device in a container.
type VolumeDevice struct {
	Name       string `json:"name"`
	DevicePath string `json:"devicePath"`
}

// Probe is a health check on a container.
type Probe struct {
	Exec                          *ExecAction      `json:"exec,omitempty"`
	HTTPGet                       *HTTPGetAction   `json:"httpGet,omitempty"`
	TCPSocket                     *TCPSocketAction `json:"tcpSocket,omitempty"`
	GRPC                          *GRPCAction      `json:"grpc,omitempty"`
	InitialDelaySeconds           int32            `json:"initialDelaySeconds,omitempty"`
	TimeoutSeconds                int32            `json:"timeoutSeconds,omitempty"`
	PeriodSeconds                 int32            `json:"periodSeconds,omitempty"`
	SuccessThreshold              int32            `json:"successThreshold,omitempty"`
	FailureThreshold              int32            `json:"failureThreshold,omitempty"`
	TerminationGracePeriodSeconds *int64           `json:"terminationGracePeriodSeconds,omitempty"`
}

// ExecAction runs a command.
type ExecAction struct {
	Command []string `json:"command,omitempty"`
}

// HTTPGetAction is an HTTP GET request.
type HTTPGetAction struct {
	Path        string       `json:"path,omitempty"`
	Port        string       `json:"port"`
	Host        string       `json:"host,omitempty"`
	Scheme      string       `json:"scheme,omitempty"`
	HTTPHeaders []HTTPHeader `json:"httpHeaders,omitempty"`
}

// HTTPHeader is a custom header of an HTTP probe.
type HTTPHeader struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// TCPSocketAction opens a TCP connection.
type TCPSocketAction struct {
	Port string `json:"port"`
	Host string `json:"host,omitempty"`
}

// GRPCAction calls a gRPC health check.
type GRPCAction struct {
	Port    int32   `json:"port"`
	Service *string `json:"service,omitempty"`
}

// Lifecycle is the actions taken on container lifecycle events.
type Lifecycle struct {
	PostStart *LifecycleHandler `json:"postStart,omitempty"`
	PreStop   *LifecycleHandler `json:"preStop,omitempty"`
}

// LifecycleHandler is one lifecycle action.
type LifecycleHandler struct {
	Exec      *ExecAction      `json:"exec,omitempty"`
	HTTPGet   *HTTPGetAction   `json:"httpGet,omitempty"`
	TCPSocket *TCPSocketAction `json:"tcpSocket,omitempty"`
	Sleep     *SleepAction     `json:"sleep,omitempty"`
}

// SleepAction sleeps.
type SleepAction struct {
	Seconds int64 `json:"seconds"`
}

// Capabilities adds and drops POSIX capabilities.
type Capabilities struct {
	Add  []string `json:"add,omitempty"`
	Drop []string `json:"drop,omitempty"`
}

// SELinuxOptions are SELinux labels.
type SELinuxOptions struct {
	User  string `json:"user,omitempty"`
	Role  string `json:"role,omitempty"`
	Type  string `json:"type,omitempty"`
	Level string `json:"level,omitempty"`
}

// SeccompProfile is a seccomp profile.
type SeccompProfile struct {
	Type             string  `json:"type"`
	LocalhostProfile *string `json:"localhostProfile,omitempty"`
}

// SecurityContext is a container's security configuration.
type SecurityContext struct {
	Capabilities             *Capabilities   `json:"capabilities,omitempty"`
	Privileged               *bool           `json:"privileged,omitempty"`
	SELinuxOptions           *SELinuxOptions `json:"seLinuxOptions,omitempty"`
	RunAsUser                *int64          `json:"runAsUser,omitempty"`
	RunAsGroup               *int64          `json:"runAsGroup,omitempty"`
	RunAsNonRoot             *bool           `json:"runAsNonRoot,omitempty"`
	ReadOnlyRootFilesystem   *bool           `json:"readOnlyRootFilesystem,omitempty"`
	AllowPrivilegeEscalation *bool           `json:"allowPrivilegeEscalation,omitempty"`
	ProcMount                *string         `json:"procMount,omitempty"`
	SeccompProfile           *SeccompProfile `json:"seccompProfile,omitempty"`
}

// PodSecurityContext is pod-level security configuration.
type PodSecurityContext struct {
	SELinuxOptions      *SELinuxOptions `json:"seLinuxOptions,omitempty"`
	RunAsUser           *int64          `json:"runAsUser,omitempty"`
	RunAsGroup          *int64          `json:"runAsGroup,omitempty"`
	RunAsNonRoot        *bool           `json:"runAsNonRoot,omitempty"`
	SupplementalGroups  []int64         `json:"supplementalGroups,omitempty"`
	FSGroup             *int64          `json:"fsGroup,omitempty"`
	Sysctls             []Sysctl        `json:"sysctls,omitempty"`
	FSGroupChangePolicy *string         `json:"fsGroupChangePolicy,omitempty"`
	SeccompProfile      *SeccompProfile `json:"seccompProfile,omitempty"`
}

// Sysctl is a kernel parameter.
type Sysctl struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Affinity is a group of scheduling constraints.
type Affinity struct {
	NodeAffinity    *NodeAffinity `json:"nodeAffinity,omitempty"`
	PodAffinity     *PodAffinity  `json:"podAffinity,omitempty"`
	PodAntiAffinity *PodAffinity  `json:"podAntiAffinity,omitempty"`
}

// NodeAffinity is a group of node affinity rules.
type NodeAffinity struct {
	Required  *NodeSelector             `json:"requiredDuringSchedulingIgnoredDuringExecution,omitempty"`
	Preferred []PreferredSchedulingTerm `json:"preferredDuringSchedulingIgnoredDuringExecution,omitempty"`
}

// NodeSelector is a union of node selector terms.
type NodeSelector struct {
	Terms []NodeSelectorTerm `json:"nodeSelectorTerms"`
}

// NodeSelectorTerm is an intersection of requirements.
type NodeSelectorTerm struct {
	MatchExpressions []SelectorRequirement `json:"matchExpressions,omitempty"`
	MatchFields      []SelectorRequirement `json:"matchFields,omitempty"`
}

// SelectorRequirement is a key, an operator and values.
type SelectorRequirement struct {
	Key      string   `json:"key"`
	Operator string   `json:"operator"`
	Values   []string `json:"values,omitempty"`
}

// PreferredSchedulingTerm is a weighted node selector term.
type PreferredSchedulingTerm struct {
	Weight     int32            `json:"weight"`
	Preference NodeSelectorTerm `json:"preference"`
}

// PodAffinity is a group of inter-pod affinity rules.
type PodAffinity struct {
	Required  []PodAffinityTerm         `json:"requiredDuringSchedulingIgnoredDuringExecution,omitempty"`
	Preferred []WeightedPodAffinityTerm `json:"preferredDuringSchedulingIgnoredDuringExecution,omitempty"`
}

// PodAffinityTerm selects pods by labels in namespaces, on a topology.
type PodAffinityTerm struct {
	LabelSelector     *LabelSelector `json:"labelSelector,omitempty"`
	Namespaces        []string       `json:"namespaces,omitempty"`
	TopologyKey       string         `json:"topologyKey"`
	NamespaceSelector *LabelSelector `json:"namespaceSelector,omitempty"`
}

// WeightedPodAffinityTerm is a weighted pod affinity term.
type WeightedPodAffinityTerm struct {
	Weight          int32           `json:"weight"`
	PodAffinityTerm PodAffinityTerm `json:"podAffinityTerm"`
}

// LabelSelector is a label query.
type LabelSelector struct {
	MatchLabels      map[string]string     `json:"matchLabels,omitempty"`
	MatchExpressions []SelectorRequirement `json:"matchExpressions,omitempty"`
}

// Toleration tolerates a taint.
type Toleration struct {
	Key               string `json:"key,omitempty"`
	Operator          string `json:"operator,omitempty"`
	Value             string `json:"value,omitempty"`
	Effect            string `json:"effect,omitempty"`
	TolerationSeconds *int64 `json:"tolerationSeconds,omitempty"`
}

// HostAlias is an /etc/hosts entry.
type HostAlias struct {
	IP        string   `json:"ip"`
	Hostnames []string `json:"hostnames,omitempty"`
}

// PodDNSConfig is DNS configuration beyond the DNS policy.
type PodDNSConfig struct {
	Nameservers []string          `json:"nameservers,omitempty"`
	Searches    []string          `json:"searches,omitempty"`
	Options     []PodDNSConfigOpt `json:"options,omitempty"`
}

// PodDNSConfigOpt is a resolver option.
type PodDNSConfigOpt struct {
	Name  string  `json:"name,omitempty"`
	Value *string `json:"value,omitempty"`
}

// PodReadinessGate is a readiness condition.
type PodReadinessGate struct {
	ConditionType string `json:"conditionType"`
}

// TopologySpread says how pods spread across a topology.
type TopologySpread struct {
	MaxSkew            int32          `json:"maxSkew"`
	TopologyKey        string         `json:"topologyKey"`
	WhenUnsatisfiable  string         `json:"whenUnsatisfiable"`
	LabelSelector      *LabelSelector `json:"labelSelector,omitempty"`
	MinDomains         *int32         `json:"minDomains,omitempty"`
	NodeAffinityPolicy *string        `json:"nodeAffinityPolicy,omitempty"`
	NodeTaintsPolicy   *string        `json:"nodeTaintsPolicy,omitempty"`
	MatchLabelKeys     []string       `json:"matchLabelKeys,omitempty"`
}

// PodOS is the operating system of a pod.
type PodOS struct {
	Name string `json:"name"`
}

// PodSchedulingGate blocks scheduling.
type PodSchedulingGate struct {
	Name string `json:"name"`
}

// PodResourceClaim references a ResourceClaim.
type PodResourceClaim struct {
	Name                      string  `json:"name"`
	ResourceClaimName         *string `json:"resourceClaimName,omitempty"`
	ResourceClaimTemplateName *string `json:"resourceClaimTemplateName,omitempty"`
}

// PodStatus is the observed state of a pod.
type PodStatus struct {
	Phase             string            `json:"phase,omitempty"`
	Conditions        []PodCondition    `json:"conditions,omitempty"`
	Message           string            `json:"message,omitempty"`
	Reason            string            `json:"reason,omitempty"`
	HostIP            string            `json:"hostIP,omitempty"`
	PodIP             string            `json:"podIP,omitempty"`
	StartTime         *time.Time        `json:"startTime,omitempty"`
	ContainerStatuses []ContainerStatus `json:"containerStatuses,omitempty"`
	QOSClass          string            `json:"qosClass,omitempty"`
}

// PodCondition is a condition of a pod.
type PodCondition struct {
	Type               string     `json:"type"`
	Status             string     `json:"status"`
	LastProbeTime      *time.Time `json:"lastProbeTime,omitempty"`
	LastTransitionTime *time.Time `json:"lastTransitionTime,omitempty"`
	Reason             string     `json:"reason,omitempty"`
	Message            string     `json:"message,omitempty"`
}

// ContainerStatus is the status of a container.
type ContainerStatus struct {
	Name         string `json:"name"`
	Ready        bool   `json:"ready"`
	RestartCount int32  `json:"restartCount"`
	Image        string `json:"image"`
	ImageID      string `json:"imageID"`
	ContainerID  string `json:"containerID,omitempty"`
	Started      *bool  `json:"started,omitempty"`
}

// Created is the result of CreatePod.
type Created struct {
	// Name is the name of the created pod.
	Name string `json:"name"`
	// Containers is how many containers it runs.
	Containers int `json:"containers"`
}

// Name is the tool's name in every library.
const Name = "createPod"

// Description is the tool's description in every library.
const Description = "Creates a pod."

// CreatePod creates a pod.
//
//tool:create-pod key=createPod
func CreatePod(ctx context.Context, in Pod) (Created, error) {
	return Created{Name: in.Metadata.Name, Containers: len(in.Spec.Containers)}, nil
}

// ValidArgs is a small valid pod.
const ValidArgs = `{"kind":"Pod","apiVersion":"v1","metadata":{"name":"web","labels":{"app":"web"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.27","ports":[{"containerPort":80}],"resources":{"limits":{"cpu":"500m"}}}],"restartPolicy":"Always"}}`
