package generator

// The texts of the generator's diagnostics, in one place.
const (
	hintSignature = "want func(ctx context.Context, in In) (Out, error), or a method of that form, " +
		"where In is a named struct type or a pointer to one and Out is JSON-encodable"

	msgMisplaced       = "//tool: directive on %s: a directive belongs in the doc comment of a top-level function or method (a tool), or of a top-level type declaration (a structured output)"
	msgNoDescription   = "tool %q has no description: write a doc comment on %s or set desc=\"…\""
	msgBadReceiver     = "tool method %s: the receiver must be a named type or a pointer to one"
	msgGenericReceiver = "tool method %s.%s: methods of generic types cannot be tools"
	msgGenericFunc     = "tool function %s: generic functions cannot be tools"
	msgVariadic        = "tool function %s is variadic"
	msgNoContext       = "tool function %s: the first parameter must be a context.Context"
	msgParamCount      = "tool function %s takes %d parameters, want 2 (ctx and the input struct)"
	msgInNotStruct     = "tool function %s: the input must be a named struct type or a pointer to one, not %s"
	msgNoError         = "tool function %s: the last result must be an error"
	msgResultCount     = "tool function %s must return exactly (Out, error)"
	msgBadType         = "tool function %s: %v"
	msgNameClash       = "generated name %s for %s is also generated for the tool at %s; rename one of the two functions"
	msgNameTaken       = "generated name %s is already declared at %s; rename one of them"
	msgDuplicateID     = "duplicate tool id %q: first used at %s"
	msgDuplicateKey    = "duplicate tool key %q in %s(): first used at %s; set a distinct key=<name>"
	msgSchema          = "%s: %s"
	msgHookTwoKinds    = "hook %s is already the %s= hook at %s; it cannot also be the %s= hook"
	msgHookTwoTypes    = "hook %s serves tool %q (at %s) with In %s and Out %s, and tool %q with In %s and Out %s; a hook is typed by one tool's In and Out: name a separate hook"
	msgHookSignature   = "hook %s has the wrong signature for %s= of tool %q (named at %s); want %s"
	msgHookClash       = "hook %s has the name of a declaration toolgen generates; choose another name"
	msgStrict          = "%s is strict: %s at %s: %s"
	msgNameInOutput    = "generated %s: already declared in %s, the output of another toolgen run, which this build compiles too; run that one again (go generate) or remove the file"
	msgUntaggedOnly    = "%s exists without the build tags %s but not with them: the output of toolgen without -tags, which both builds compile, refers to it; declare it in both builds, or behind the tags only"
	msgLowerOnly       = "%s exists with the build tags %s but not with %s: the output of %s, which both builds compile, refers to it; declare it in both builds, or behind all the tags %s"
	msgNotAllTags      = "%s is behind //go:build %s, which holds without the tag %s too: a run other than %s would write it as well, into a file that a build may compile with this run's; declare it behind all the tags %s, or in every build"
	msgHookElsewhere   = "hook %s is missing, and a tool at %s names it too, in a file that a build without the tag %s compiles: the runs of both would write its stub, into files that a build may compile together; declare %s yourself, in a file that every build with either tool compiles"
	msgNotOwnOutput    = "toolgen will not write %s: %s; remove it, or choose another -output"
	msgUntaggedHooks   = "toolgen will not add hook stubs to %s: it has no //go:build line, and the stubs are for tools that exist only with the build tags %s; choose another -hooks"
	msgDialect         = "%s: %s cannot express %s at %s: %s (-dialects lists %s)"
	msgDialectWarning  = "%s: %s cannot express %s at %s: %s; if you use %s, change them, and name the dialects you use with -dialects"
	msgOutside         = "%s: %s %s (%s): %s"
	noteDeclared       = "%s is declared here"
	msgEnumZero        = "%s: %s: the zero value of enum type %s of another module is not one of its constants, but an output that leaves a field of that type unset holds it, so the output schema allows it too"
	msgEnumZeros       = "%s: %s: the zero values of %d enum types of other modules (%s) are not among their constants, but an output that leaves a field of these types unset holds them, so the output schema allows them too"
	msgUnexportedType  = "tool %q: constructor %s is exported, but the %s type %s is not, so other packages get a %s they cannot name; export %s, or unexport %s so that its constructor is unexported too"
	msgStubLeft        = "hook stub %s was written by toolgen for a //tool: directive that no longer names it, and nothing uses it; delete it"
)

// The texts of the diagnostics of the suspend= and resume= options.
const (
	msgSuspendNoType     = "%s=%s of tool %q names no type of package %s; declare a struct type of that name"
	msgSuspendNotType    = "%s=%s of tool %q is not a type (it is declared at %s); name a struct type"
	msgSuspendGeneric    = "%s=%s of tool %q is a generic type; name a struct type without type parameters"
	msgSuspendNotStruct  = "%s=%s of tool %q must name a struct type, not %s: the suspend payload and the resume data are JSON objects"
	msgSuspendUndeclared = "tool %q calls tool.%s[%s], but its directive has no suspend= and resume= options: add them, naming the types with which it suspends and resumes"
	msgSuspendMismatch   = "tool %q calls tool.%s[%s], but its directive says %s=%s"
)

// The texts of the diagnostics of structured outputs (directives on type
// declarations).
const (
	hintOutput             = "want a struct type without type parameters, such as type Report struct { … }: the object a model answers with is a JSON object"
	msgOutputNoDescription = "output %q has no description: write a doc comment on %s or set desc=\"…\""
	msgOutputAlias         = "output %q: %s is an alias; put the directive on the declaration of the type it stands for"
	msgOutputGeneric       = "output %q: %s is a generic type"
	msgOutputNotStruct     = "output %q: %s is not a struct type, but %s"
	msgOutputBadType       = "output %q: %v"
	msgDuplicateOutputID   = "duplicate output id %q: first used at %s"
	msgOutputVarTaken      = "generated name %s of output %q is already declared at %s; rename it, or the type %s"
)
