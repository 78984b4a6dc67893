// Package genkit defines the tools of a toolgen [tool.Toolset] as Genkit
// tools (github.com/firebase/genkit/go), so that Genkit's own generate
// loop calls them: [DefineTools] registers them with a *genkit.Genkit,
// [NewTools] makes them without a registry, for ai.WithTools.
//
// Its name is the name of Genkit's own entry package; import it under
// another, such as toolgenkit.
//
// Each tool is given to the model with the JSON Schemas toolgen computed
// at generate time: nothing is reflected at start-up. A call takes toolgen's
// path ([toolexec.Execute]), not Genkit's: toolgen's argument checks and
// messages, the tool's ToModelOutput hook, panics recovered. Genkit ends a
// whole Generate when a tool returns an error, so a failed call (invalid
// arguments, the tool's error, a panic, a declined approval) is returned to
// the model as an output {"error": message} and the run goes on. A call
// that needs approval interrupts the run the Genkit way; the application
// answers with [Approve] or [Decline] and ai.WithToolRestarts.
//
// The mapping is described in
// https://github.com/toolgen-go/toolgen/blob/main/docs/genkit.md.
package genkit
